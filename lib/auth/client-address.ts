/**
 * Which client a request came from, for the guess limits (db/limits.ts).
 *
 * What `next start` gives a route handler or a server action (Next 16.4,
 * node_modules/next/dist/server/base-server.js, `handleRequestImpl`): it sets
 * `x-forwarded-for` to the socket's remote address only when the request has none
 * (`req.headers['x-forwarded-for'] ??= socket.remoteAddress`), so a client that sends its
 * own `X-Forwarded-For` replaces its address, and no header Next sets can be believed.
 * The server therefore stamps every request with the socket's address itself, in a header of
 * its own written over whatever the client sent (PEER_ADDRESS_HEADER, server/peer-address.ts,
 * from Node's `http.server.request.start` diagnostics channel, before Next sees the request).
 * `X-Forwarded-For` is believed only as far as the hops that wrote it are trusted proxies
 * (SEEKBOARD_TRUSTED_PROXIES).
 */
import { BlockList, isIP } from "node:net";

/** The socket's remote address, set by the server on every request over the client's value. */
export const PEER_ADDRESS_HEADER = "x-seekboard-peer";

/** What the limits count a request under when the server did not see its socket's address. */
export const UNKNOWN_CLIENT = "unknown";

/** An address as Node and proxies write it, in one spelling: IPv4-mapped IPv6 as IPv4, no brackets, lower case; null when it is not an IP address. */
export function normaliseAddress(raw: string | null | undefined): string | null {
  const address = (raw ?? "")
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .toLowerCase();
  const family = isIP(address);
  if (family === 0) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  return mapped && isIP(mapped[1]) === 4 ? mapped[1] : address;
}

/**
 * SEEKBOARD_TRUSTED_PROXIES: comma-separated addresses and CIDR ranges (IPv4 or IPv6) of the
 * reverse proxies in front of the server. Throws naming the first entry that is neither.
 */
export function parseTrustedProxies(text: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (text ?? "").split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    const [rawAddress, prefix, ...rest] = entry.split("/");
    const address = normaliseAddress(rawAddress);
    const family = address === null ? 0 : isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (address === null || rest.length || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)))
      throw new Error(`SEEKBOARD_TRUSTED_PROXIES: "${entry}" is not an address or a CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else if (Number(prefix) <= bits) list.addSubnet(address, Number(prefix), type);
    else throw new Error(`SEEKBOARD_TRUSTED_PROXIES: "${entry}" has a prefix longer than ${bits}`);
  }
  return list;
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted proxy; then the
 * `X-Forwarded-For` entries are walked from the right (each proxy appends the address it
 * saw), skipping trusted proxies, and the first one that is not is the client. Entries left
 * of it were written by the client and are never read. An entry a trusted proxy wrote that is
 * not an address (nginx can write `unknown`) is the client as that proxy named it.
 */
export function clientAddress(
  peer: string | null,
  forwardedFor: string | null,
  trusted: BlockList,
): string {
  let client = normaliseAddress(peer);
  if (client === null) return UNKNOWN_CLIENT;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (isTrusted(client, trusted)) {
    const hop = hops.pop();
    if (hop === undefined) break;
    const address = normaliseAddress(hop);
    if (address === null) return hop.slice(0, 100);
    client = address;
  }
  return client;
}

/**
 * The key a client's guesses are counted under: its address, or for IPv6 its /64 (one
 * subscriber's network, whose 2^64 addresses would otherwise be as many clients).
 */
export function limitKeyOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail] = address.split("::");
  const groups = (part: string | undefined) =>
    (part ?? "")
      .split(":")
      .filter(Boolean)
      .flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
