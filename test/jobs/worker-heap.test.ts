import { describe, expect, it } from "vitest";
import { DEFAULT_WORKER_HEAP_MB, workerExecArgv } from "../../server/worker-process";

describe("workerExecArgv", () => {
  it("bounds the worker's heap: SEEKBOARD_WORKER_HEAP_MB, else the default; nonsense is ignored", () => {
    expect(workerExecArgv({})).toContain(`--max-old-space-size=${DEFAULT_WORKER_HEAP_MB}`);
    expect(workerExecArgv({ SEEKBOARD_WORKER_HEAP_MB: "512" })).toEqual([
      "--conditions=react-server",
      "--import",
      "tsx",
      "--max-old-space-size=512",
    ]);
    for (const value of ["", "lots", "-1", "8", "1e9"])
      expect(workerExecArgv({ SEEKBOARD_WORKER_HEAP_MB: value })).toContain(
        `--max-old-space-size=${DEFAULT_WORKER_HEAP_MB}`,
      );
  });
});
