import { describe, expect, it } from "vitest";
import { ADMIN_SESSION_SECONDS, signAdminSession, verifyAdminSession } from "./admin-session";
import {
  bearerToken,
  digestsEqual,
  generateUploadToken,
  hashUploadToken,
  secretsEqual,
} from "./tokens";
import { canViewSubmission, PUBLIC_VIEWER } from "./visibility";

describe("upload tokens", () => {
  it("are sb_ + 32 random bytes in base64url, different each time, stored as sha256 hex", () => {
    const a = generateUploadToken();
    const b = generateUploadToken();
    expect(a).toMatch(/^sb_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(hashUploadToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashUploadToken(a)).toBe(hashUploadToken(a));
    expect(hashUploadToken(a)).not.toContain(a.slice(3));
  });

  it("compare in constant time, whatever the lengths", () => {
    expect(secretsEqual("abc", "abc")).toBe(true);
    expect(secretsEqual("abc", "abcd")).toBe(false);
    expect(digestsEqual(hashUploadToken("x"), hashUploadToken("x"))).toBe(true);
    expect(digestsEqual(hashUploadToken("x"), hashUploadToken("y"))).toBe(false);
    expect(digestsEqual("", "")).toBe(false);
  });

  it("bearerToken reads the Authorization header and nothing else", () => {
    expect(bearerToken("Bearer sb_abc")).toBe("sb_abc");
    expect(bearerToken("bearer   sb_abc ")).toBe("sb_abc");
    expect(bearerToken("Basic dXNlcjpwYXNz")).toBeNull();
    expect(bearerToken("Bearer two words")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });
});

describe("admin session", () => {
  const now = new Date("2030-01-01T00:00:00Z");

  it("verifies under the same admin token until it expires", () => {
    const value = signAdminSession("admin-secret", now);
    expect(value).not.toContain("admin-secret");
    expect(verifyAdminSession("admin-secret", value, now)).toBe(true);
    expect(
      verifyAdminSession(
        "admin-secret",
        value,
        new Date(now.getTime() + (ADMIN_SESSION_SECONDS - 1) * 1000),
      ),
    ).toBe(true);
    expect(
      verifyAdminSession(
        "admin-secret",
        value,
        new Date(now.getTime() + ADMIN_SESSION_SECONDS * 1000),
      ),
    ).toBe(false);
  });

  it("fails for another admin token, a changed expiry, or garbage", () => {
    const value = signAdminSession("admin-secret", now);
    expect(verifyAdminSession("other-secret", value, now)).toBe(false);
    const [, expires, mac] = value.split(".");
    expect(verifyAdminSession("admin-secret", `admin.${Number(expires) + 3600}.${mac}`, now)).toBe(
      false,
    );
    for (const bad of [undefined, "", "admin", "admin.1.x", `${value}x`])
      expect(verifyAdminSession("admin-secret", bad, now)).toBe(false);
  });
});

describe("canViewSubmission", () => {
  const team = { admin: false, uploaderTokenId: 7 };
  const admin = { admin: true, uploaderTokenId: null };
  it("approved: everyone; pending and rejected: the admin and the uploading team only", () => {
    for (const viewer of [PUBLIC_VIEWER, team, admin])
      expect(canViewSubmission({ status: "approved", uploaderTokenId: null }, viewer)).toBe(true);
    for (const status of ["pending", "rejected"]) {
      expect(canViewSubmission({ status, uploaderTokenId: 7 }, PUBLIC_VIEWER)).toBe(false);
      expect(canViewSubmission({ status, uploaderTokenId: 7 }, team)).toBe(true);
      expect(canViewSubmission({ status, uploaderTokenId: 8 }, team)).toBe(false);
      expect(canViewSubmission({ status, uploaderTokenId: null }, team)).toBe(false);
      expect(canViewSubmission({ status, uploaderTokenId: null }, admin)).toBe(true);
    }
  });
});
