/**
 * One schema, two engines: PostgreSQL's tables (db/schema-pg.ts) are SQLite's
 * (db/schema.ts) column for column, built from the same definitions, and PostgreSQL's
 * migrations (db/migrations-pg) apply to a real PostgreSQL server and give exactly those
 * tables, whose values read back as the SQLite ones do (booleans, JSON, 8-byte floats).
 */
import { join } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { getTableConfig as pgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../test/postgres-cluster";
import * as sqliteSchema from "./schema";
import * as pgSchema from "./schema-pg";

/** Each table's columns as the database knows them: name, not-null, primary key. */
function sqliteTables() {
  const out = new Map<string, string[]>();
  for (const table of Object.values(sqliteSchema)) {
    if (!is(table, SQLiteTable)) continue;
    const config = sqliteTableConfig(table);
    out.set(
      config.name,
      config.columns
        .map((c) => `${c.name}${c.notNull ? " not null" : ""}${c.primary ? " pk" : ""}`)
        .sort(),
    );
  }
  return out;
}

function pgTables() {
  const out = new Map<string, string[]>();
  for (const table of Object.values(pgSchema) as unknown[]) {
    if (!is(table, PgTable)) continue;
    const config = pgTableConfig(table);
    out.set(
      config.name,
      config.columns
        .map((c) => `${c.name}${c.notNull ? " not null" : ""}${c.primary ? " pk" : ""}`)
        .sort(),
    );
  }
  return out;
}

describe("the PostgreSQL schema", () => {
  it("has SQLite's tables, columns, keys and index names", () => {
    expect(pgTables()).toEqual(sqliteTables());
    expect([...pgTables().keys()]).toEqual(
      expect.arrayContaining(["submissions", "samples", "steps", "upload_jobs", "limit_events"]),
    );
    const indexes = (names: Iterable<{ config: { name?: string } }>) =>
      [...names].map((i) => i.config.name ?? "").sort();
    for (const name of Object.keys(sqliteSchema)) {
      const lite: unknown = sqliteSchema[name as keyof typeof sqliteSchema];
      const pg: unknown = pgSchema[name as keyof typeof pgSchema];
      if (!is(lite, SQLiteTable) || !is(pg, PgTable)) continue;
      expect(indexes(pgTableConfig(pg).indexes), getTableName(pg)).toEqual(
        indexes(sqliteTableConfig(lite).indexes),
      );
    }
  });

  describe("its migrations on a real server", () => {
    let cluster: Cluster;
    let pool: Pool;

    beforeAll(async () => {
      cluster = await startCluster();
      pool = new Pool({ connectionString: cluster.url, max: 2 });
    }, 60_000);
    afterAll(async () => {
      await pool?.end();
      cluster?.stop();
    });

    it("apply, and give exactly the schema's tables and columns", async () => {
      await migrate(drizzle(pool), { migrationsFolder: join(__dirname, "migrations-pg") });
      const { rows } = await pool.query<{
        table_name: string;
        column_name: string;
        is_nullable: string;
      }>(
        "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
      );
      const onServer = new Map<string, string[]>();
      // The step-search index is each engine's own, hand-written in its migration (SQLite's an
      // FTS5 table): not one of the shared schema's tables.
      for (const row of rows.filter((r) => r.table_name !== "step_search"))
        onServer.set(row.table_name, [...(onServer.get(row.table_name) ?? []), row.column_name]);
      const expected = new Map(
        [...sqliteTables()].map(([table, columns]) => [
          table,
          columns.map((c) => c.split(" ")[0]).sort(),
        ]),
      );
      expect(new Map([...onServer].map(([table, columns]) => [table, columns.sort()]))).toEqual(
        expected,
      );
    });

    it("store what SQLite stores: numbered ids, booleans, JSON, 8-byte floats", async () => {
      await pool.query("INSERT INTO benchmarks (id, name, description) VALUES ('qa', 'QA', 'd')");
      const inserted = await pool.query<{ id: number; import_notes: unknown; revision: number }>(
        `INSERT INTO submissions (benchmark_id, benchmark_version, model, setting, bundle_hash, uploaded_at, status, source, sample_count, task_count, runs, import_notes)
         VALUES ('qa', 'v1', 'm', 'default', 'h', '2026-11-24', 'approved', 'test', 1, 1, 1, $1) RETURNING id, import_notes, revision`,
        [JSON.stringify({ incomplete: ["a.eval: cancelled"] })],
      );
      expect(inserted.rows).toEqual([
        { id: 1, import_notes: { incomplete: ["a.eval: cancelled"] }, revision: 0 },
      ]);
      const { rows } = await pool.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'sample_facts' AND column_name IN ('correct', 'fcr', 'first_covered_at') ORDER BY column_name",
      );
      expect(rows.map((r) => r.data_type)).toEqual(["boolean", "double precision", "json"]);
    });
  });
});
