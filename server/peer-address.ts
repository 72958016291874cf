import "server-only";
/**
 * Stamps every request the server receives with its socket's remote address, in
 * PEER_ADDRESS_HEADER, over whatever the client sent in that header: `next start` hands a
 * route handler no other trustworthy trace of it (see lib/auth/client-address.ts). Node
 * publishes `http.server.request.start` synchronously as a request arrives, before the
 * server's `request` listener (Next's) runs, so every handler, the proxy and every server
 * action read the stamped header.
 */
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { PEER_ADDRESS_HEADER } from "@/lib/auth/client-address";

let stamping = false;

export function stampPeerAddresses(): void {
  if (stamping) return;
  stamping = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const address = socket.remoteAddress;
    if (address) request.headers[PEER_ADDRESS_HEADER] = address;
    else delete request.headers[PEER_ADDRESS_HEADER];
  });
}
