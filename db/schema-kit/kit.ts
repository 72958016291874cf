/**
 * The column and table builders the schema is written with, once for each engine: the
 * tables are defined once (db/schema-kit/define.ts) and built with SQLite's kit (the
 * embedded default, db/schema.ts) or PostgreSQL's (db/schema-pg.ts). Each maps a column
 * kind to the engine's own type: an 8-byte float is `real` in SQLite and `double
 * precision` in PostgreSQL (whose `real` is 4 bytes), JSON is `text` in SQLite and `json`
 * in PostgreSQL (kept as written, keys in their order, as SQLite keeps it: `jsonb` would
 * sort them, and facts, tool arguments and gold-table columns are shown in their order), a
 * boolean is SQLite's 0/1 integer and PostgreSQL's `boolean`.
 */
import * as pg from "drizzle-orm/pg-core";
import * as sqlite from "drizzle-orm/sqlite-core";

export const sqliteKit = {
  /** Widened: the definitions read it to leave out what one engine cannot hold, whichever kit they get. */
  engine: "sqlite" as "sqlite" | "postgres",
  table: sqlite.sqliteTable,
  /** An integer key the database numbers. */
  id: () => sqlite.integer().primaryKey({ autoIncrement: true }),
  int: (name?: string) => (name === undefined ? sqlite.integer() : sqlite.integer(name)),
  text: (name?: string) => (name === undefined ? sqlite.text() : sqlite.text(name)),
  float: (name?: string) => (name === undefined ? sqlite.real() : sqlite.real(name)),
  bool: (name?: string) =>
    name === undefined
      ? sqlite.integer({ mode: "boolean" })
      : sqlite.integer(name, { mode: "boolean" }),
  json: (name?: string) =>
    name === undefined ? sqlite.text({ mode: "json" }) : sqlite.text(name, { mode: "json" }),
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  primaryKey: sqlite.primaryKey,
};

/** The schema's kit, typed as SQLite's: the code is written against one set of row types, whichever engine runs. */
export type SchemaKit = typeof sqliteKit;

export const postgresKit = {
  engine: "postgres" as const,
  table: pg.pgTable,
  id: () => pg.integer().primaryKey().generatedByDefaultAsIdentity(),
  int: (name?: string) => (name === undefined ? pg.integer() : pg.integer(name)),
  text: (name?: string) => (name === undefined ? pg.text() : pg.text(name)),
  float: (name?: string) => (name === undefined ? pg.doublePrecision() : pg.doublePrecision(name)),
  bool: (name?: string) => (name === undefined ? pg.boolean() : pg.boolean(name)),
  json: (name?: string) => (name === undefined ? pg.json() : pg.json(name)),
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  primaryKey: pg.primaryKey,
};
