/**
 * The connection layer on both engines: transactions commit or roll back whole and never
 * interleave, an unreachable PostgreSQL server is waited for with backoff (and the
 * password never printed), and a migration that fails leaves the schema as it was.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { testEngine, testDatabase } from "../test/db";
import { databaseUrl, freePort, startCluster, type Cluster } from "../test/postgres-cluster";
import { appTables, sqlRows } from "../test/sql";
import { closeDb, describeTarget, engineOf, first, openDb, withTx, type Db } from "./client";
import { dataVersions } from "./schema";

const { db: testDb, tmp } = testDatabase("client");

const versionOf = async (name: string) =>
  (
    await first(
      testDb()
        .select({ version: dataVersions.version })
        .from(dataVersions)
        .where(eq(dataVersions.name, name))
        .limit(1),
    )
  )?.version;

describe("withTx", () => {
  it("commits every write of the callback together", async () => {
    await withTx(testDb(), async (tx) => {
      await tx.insert(dataVersions).values({ name: "commit-a", version: 1 });
      await tx.insert(dataVersions).values({ name: "commit-b", version: 2 });
    });
    expect([await versionOf("commit-a"), await versionOf("commit-b")]).toEqual([1, 2]);
  });

  it("rolls every write back when the callback throws, and passes the error on", async () => {
    await expect(
      withTx(testDb(), async (tx) => {
        await tx.insert(dataVersions).values({ name: "rolled-back", version: 1 });
        throw new Error("half way");
      }),
    ).rejects.toThrow("half way");
    expect(await versionOf("rolled-back")).toBeUndefined();
  });

  it("a nested call joins the outer transaction: the outer error undoes both", async () => {
    await expect(
      withTx(testDb(), async (tx) => {
        await withTx(
          tx,
          async (inner) =>
            void (await inner.insert(dataVersions).values({ name: "nested", version: 1 })),
        );
        throw new Error("outer");
      }),
    ).rejects.toThrow("outer");
    expect(await versionOf("nested")).toBeUndefined();
  });

  it("concurrent transactions that read, await and write never lose an update", async () => {
    await testDb().insert(dataVersions).values({ name: "counter", version: 0 });
    const increment = () =>
      withTx(testDb(), async (tx) => {
        // On PostgreSQL the row lock is what serialises them; SQLite's transactions take turns.
        const read =
          engineOf(tx) === "postgres"
            ? await sqlRows(
                tx,
                "SELECT version FROM data_versions WHERE name = 'counter' FOR UPDATE",
              )
            : null;
        const current = read
          ? Number(read[0].version)
          : (await first(
              tx
                .select({ version: dataVersions.version })
                .from(dataVersions)
                .where(eq(dataVersions.name, "counter"))
                .limit(1),
            ))!.version;
        // PostgreSQL's transactions run side by side: a timer lets the others in. SQLite's
        // may await only the database (the test below), which still interleaves promise jobs.
        await (engineOf(tx) === "postgres"
          ? new Promise((done) => setTimeout(done, 2))
          : Promise.resolve());
        await tx
          .update(dataVersions)
          .set({ version: current + 1 })
          .where(eq(dataVersions.name, "counter"));
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(await versionOf("counter")).toBe(20);
  });
});

describe("withTx on SQLite", () => {
  it.runIf(testEngine() === "sqlite")(
    "refuses, and rolls back, a transaction that waits on anything besides the database",
    async () => {
      await expect(
        withTx(testDb(), async (tx) => {
          await tx.insert(dataVersions).values({ name: "waited", version: 1 });
          await new Promise((done) => setTimeout(done, 1));
        }),
      ).rejects.toThrow("waited on something besides the database");
      expect(await versionOf("waited")).toBeUndefined();
      // The connection is usable afterwards.
      await withTx(
        testDb(),
        async (tx) => void (await tx.insert(dataVersions).values({ name: "after", version: 1 })),
      );
      expect(await versionOf("after")).toBe(1);
    },
  );
});

describe("describeTarget", () => {
  it("names the engine and never the password", () => {
    expect(describeTarget("/srv/seekboard.db")).toBe("SQLite at /srv/seekboard.db");
    const said = describeTarget(
      "postgres://seekboard:s3cret-pw@testDb().internal:5432/seekboard?sslmode=require",
    );
    expect(said).toBe(
      "PostgreSQL at postgres://seekboard:****@testDb().internal:5432/seekboard?sslmode=require",
    );
    expect(said).not.toContain("s3cret-pw");
  });
});

describe("PostgreSQL unreachable at start", () => {
  it("retries with backoff, then fails with a clear error that hides the password", async () => {
    const port = await freePort();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const started = Date.now();
      const failure = await openDb(`postgres://seekboard:s3cret-pw@127.0.0.1:${port}/seekboard`, {
        retryForMs: 1_600,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      const message = (failure as Error).message;
      expect(message).toContain(
        `cannot open the database (PostgreSQL at postgres://seekboard:****@127.0.0.1:${port}/seekboard)`,
      );
      expect(message).not.toContain("s3cret-pw");
      // 0.5 s, then 1 s: two waits, each said.
      const said = errors.mock.calls.map((call) => String(call[0]));
      expect(said).toEqual([
        expect.stringContaining("unreachable (ECONNREFUSED); retrying in 0.5 s"),
        expect.stringContaining("retrying in 1 s"),
      ]);
      expect(said.join("\n")).not.toContain("s3cret-pw");
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    } finally {
      errors.mockRestore();
    }
  });

  it("opens and migrates once the server comes up", async () => {
    const port = await freePort();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let cluster: Cluster | undefined;
    try {
      const opening = openDb(`postgres://postgres@127.0.0.1:${port}/postgres`, {
        retryForMs: 60_000,
      });
      await new Promise((done) => setTimeout(done, 1_000));
      cluster = await startCluster({ port });
      const late = await opening;
      expect(await appTables(late)).toContain("submissions");
      await closeDb(late);
      expect(errors.mock.calls.length).toBeGreaterThan(0);
    } finally {
      errors.mockRestore();
      cluster?.stop();
    }
  }, 60_000);
});

/** The engine's migrations plus one more that adds a column and then fails. */
function failingMigrations(engine: "sqlite" | "postgres"): string {
  const source = join(__dirname, engine === "sqlite" ? "migrations" : "migrations-pg");
  const dir = mkdtempSync(join(tmp, `migrations-${engine}-`));
  cpSync(source, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries[journal.entries.length - 1];
  const tag = `${String(last.idx + 1).padStart(4, "0")}_fails`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(
    join(dir, `${tag}.sql`),
    'ALTER TABLE "submissions" ADD COLUMN "doomed" integer;\n--> statement-breakpoint\nCREATE TABLE "tasks" ("id" integer);\n',
  );
  return dir;
}

describe("a migration that fails", () => {
  it("leaves the schema as it was", async () => {
    const engine = engineOf(testDb());
    const columns = async (target: Db) =>
      engine === "sqlite"
        ? (await sqlRows(target, "SELECT name FROM pragma_table_info('submissions')")).map(
            (row) => row.name,
          )
        : (
            await sqlRows(
              target,
              "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'submissions'",
            )
          ).map((row) => row.name);
    const migrationsTable =
      engine === "sqlite" ? "__drizzle_migrations" : "drizzle.__drizzle_migrations";
    const before = {
      columns: (await columns(testDb())).sort(),
      applied: (await sqlRows(testDb(), `SELECT count(*) AS c FROM ${migrationsTable}`))[0].c,
    };
    const target =
      engine === "sqlite"
        ? join(tmp, "test.db")
        : databaseUrl(
            process.env.SEEKBOARD_TEST_POSTGRES_URL!,
            (await sqlRows(testDb(), "SELECT current_database() AS name"))[0].name,
          );
    await expect(
      openDb(target, { retryForMs: 0, migrationsFolder: failingMigrations(engine) }),
    ).rejects.toThrow(/tasks/);
    expect((await columns(testDb())).sort()).toEqual(before.columns);
    expect((await sqlRows(testDb(), `SELECT count(*) AS c FROM ${migrationsTable}`))[0].c).toEqual(
      before.applied,
    );
    expect(before.columns).not.toContain("doomed");
  });
});
