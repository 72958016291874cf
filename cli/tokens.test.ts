/** `cli tokens issue` / `list` / `revoke`, run as an operator runs them: JSON on stdout, exit codes. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli";
import { testDatabaseTarget } from "../test/db";

const cli = (...args: string[]) => runCli(args);

let tmp: string;
let db: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-tokens-"));
  db = testDatabaseTarget(join(tmp, "cli.db"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("cli tokens", () => {
  it("issue prints the token once; list shows it without; revoke ends it, once", async () => {
    const issued = await cli("tokens", "issue", "  Team Alpha ", "--db", db);
    expect(issued.code).toBe(0);
    const token = JSON.parse(issued.stdout);
    expect(token).toEqual({
      id: 1,
      team: "Team Alpha",
      token: expect.stringMatching(/^sb_[\w-]{43}$/),
    });

    const list = await cli("tokens", "list", "--db", db);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      {
        id: 1,
        team: "Team Alpha",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        revokedAt: null,
        lastUsedAt: null,
      },
    ]);
    expect(list.stdout).not.toContain(token.token);

    const revoked = await cli("tokens", "revoke", "1", "--db", db);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: 1, revoked: true });
    expect(JSON.parse((await cli("tokens", "list", "--db", db)).stdout)[0].revokedAt).toEqual(
      expect.any(String),
    );

    const again = await cli("tokens", "revoke", "1", "--db", db);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("token 1 is unknown or already revoked");
  });

  it("refuses an empty team name and a malformed command with usage (exit 64)", async () => {
    const empty = await cli("tokens", "issue", "  ", "--db", db);
    expect(empty.code).toBe(64);
    expect(empty.stderr).toContain("name the team");
    for (const args of [["tokens"], ["tokens", "revoke", "x"], ["tokens", "issue"]])
      expect((await cli(...args, "--db", db)).code).toBe(64);
  });
});
