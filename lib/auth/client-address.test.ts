import { describe, expect, it } from "vitest";
import {
  clientAddress,
  limitKeyOf,
  normaliseAddress,
  parseTrustedProxies,
  UNKNOWN_CLIENT,
} from "./client-address";

describe("clientAddress", () => {
  const none = parseTrustedProxies(undefined);
  const caddy = parseTrustedProxies("127.0.0.1, ::1");

  it("with no trusted proxy, is the socket's peer: X-Forwarded-For is never read", () => {
    expect(clientAddress("203.0.113.7", "10.9.8.7", none)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", "1.1.1.1, 2.2.2.2", none)).toBe("203.0.113.7");
    // A forged header from a client that is not a proxy changes nothing, whatever it says.
    expect(clientAddress("198.51.100.9", "127.0.0.1", caddy)).toBe("198.51.100.9");
    expect(clientAddress(null, "203.0.113.7", none)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress("not an address", null, none)).toBe(UNKNOWN_CLIENT);
  });

  it("behind trusted proxies, walks X-Forwarded-For from the right past them", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.7", caddy)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.7", caddy)).toBe("203.0.113.7");
    // What the client wrote itself sits left of what the proxy appended: never read.
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.7", caddy)).toBe("203.0.113.7");
    const chain = parseTrustedProxies("127.0.0.1,10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.7, 10.1.2.3", chain)).toBe("203.0.113.7");
    expect(clientAddress("127.0.0.1", "[2001:db8::1]", caddy)).toBe("2001:db8::1");
    expect(clientAddress("127.0.0.1", "unknown", caddy)).toBe("unknown");
    // Only trusted hops, or none: the last trusted one is all there is.
    expect(clientAddress("127.0.0.1", null, caddy)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "10.1.1.1", chain)).toBe("10.1.1.1");
  });
});

describe("parseTrustedProxies", () => {
  it("takes addresses and CIDR ranges of either family, and refuses anything else by name", () => {
    const list = parseTrustedProxies(" 10.0.0.0/8 , 192.0.2.1,2001:db8::/32,, ");
    expect(list.check("10.200.0.1", "ipv4")).toBe(true);
    expect(list.check("192.0.2.1", "ipv4")).toBe(true);
    expect(list.check("192.0.2.2", "ipv4")).toBe(false);
    expect(list.check("2001:db8:1::5", "ipv6")).toBe(true);
    for (const bad of ["proxy.internal", "10.0.0.0/8/1", "::/x"])
      expect(() => parseTrustedProxies(`127.0.0.1,${bad}`)).toThrow(
        `SEEKBOARD_TRUSTED_PROXIES: "${bad}" is not an address or a CIDR range`,
      );
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(
      'SEEKBOARD_TRUSTED_PROXIES: "10.0.0.0/33" has a prefix longer than 32',
    );
  });
});

describe("limit keys", () => {
  it("are the IPv4 address, or the IPv6 /64", () => {
    expect(normaliseAddress("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(limitKeyOf("192.0.2.1")).toBe("192.0.2.1");
    expect(limitKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:db8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(limitKeyOf("2001:0db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(limitKeyOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(limitKeyOf(UNKNOWN_CLIENT)).toBe(UNKNOWN_CLIENT);
  });
});
