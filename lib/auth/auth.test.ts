import { describe, expect, it } from "vitest";
import {
  adminTokenFingerprint,
  generateSessionId,
  hashSessionId,
  isSessionIdShape,
} from "./sessions";
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

describe("session ids", () => {
  it("are 32 random bytes in base64url, stored as their sha256 hex", () => {
    const a = generateSessionId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(generateSessionId()).not.toBe(a);
    expect(isSessionIdShape(a)).toBe(true);
    for (const bad of [undefined, "", "admin.1.x", `${a}x`, a.slice(1)])
      expect(isSessionIdShape(bad)).toBe(false);
    expect(hashSessionId(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionId(a)).not.toBe(hashSessionId(generateSessionId()));
  });

  it("an admin session keeps a fingerprint of the admin token, not the token", () => {
    const fingerprint = adminTokenFingerprint("admin-secret");
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint).toBe(adminTokenFingerprint("admin-secret"));
    expect(fingerprint).not.toBe(adminTokenFingerprint("other-secret"));
    expect(fingerprint).not.toBe(hashUploadToken("admin-secret"));
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
