import { describe, expect, it } from "vitest";
import { SUBMIT_DEFAULTS, submitConfigFromEnv, uploadWaitMsFromEnv } from "./config";

describe("submitConfigFromEnv", () => {
  it("defaults: 200 MiB upload, 1 GiB unpacked, 1,000 files, a minute to unpack, 10 to import, 64 MiB lines, 30 uploads an hour", () => {
    expect(submitConfigFromEnv({})).toEqual({
      maxUploadBytes: 200 * 1024 ** 2,
      maxUnpackedBytes: 1024 ** 3,
      maxFiles: 1000,
      maxUnpackMs: 60_000,
      maxImportMs: 600_000,
      maxLineBytes: 64 * 1024 ** 2,
      uploadsPerHour: 30,
    });
    expect(submitConfigFromEnv({})).toEqual(SUBMIT_DEFAULTS);
  });

  it("reads each variable, and refuses a value that is not a positive whole number", () => {
    expect(
      submitConfigFromEnv({
        SEEKBOARD_MAX_UPLOAD_BYTES: "1000",
        SEEKBOARD_UPLOADS_PER_HOUR: " 5 ",
        SEEKBOARD_MAX_FILES: "",
      }),
    ).toMatchObject({
      maxUploadBytes: 1000,
      uploadsPerHour: 5,
      maxFiles: 1000,
    });
    for (const bad of ["0", "-1", "1.5", "10MB", "1e400"])
      expect(() => submitConfigFromEnv({ SEEKBOARD_MAX_FILES: bad })).toThrow(
        /SEEKBOARD_MAX_FILES/,
      );
  });
});

describe("uploadWaitMsFromEnv", () => {
  it("5 s by default; 0 is allowed (answer 202 at once); anything but a whole number is refused", () => {
    expect(uploadWaitMsFromEnv({})).toBe(5000);
    expect(uploadWaitMsFromEnv({ SEEKBOARD_UPLOAD_WAIT_MS: " 0 " })).toBe(0);
    expect(uploadWaitMsFromEnv({ SEEKBOARD_UPLOAD_WAIT_MS: "250" })).toBe(250);
    for (const bad of ["-1", "1.5", "5s"])
      expect(() => uploadWaitMsFromEnv({ SEEKBOARD_UPLOAD_WAIT_MS: bad })).toThrow(
        /SEEKBOARD_UPLOAD_WAIT_MS/,
      );
  });
});
