/**
 * Sliding-window limits kept in the database (`limit_events`): uploads per team token
 * and wrong admin tokens, counted the same by every server process and instance and
 * kept across restarts. Each check and its record run in one transaction that holds the
 * scope's lock (SQLite: the immediate transaction's write lock; PostgreSQL: an advisory
 * transaction lock), so two processes cannot both take the last attempt a window allows.
 */
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { windowWait, type FailureLimits, type LimitVerdict } from "../lib/auth/failure-limit";
import { engineOf, rawRows, withTx, type Db } from "./client";
import { limitEvents, type LimitScope } from "./schema";

const at = (ms: number) => new Date(ms).toISOString();

/**
 * Serialises the writers of `scope` until the transaction ends. SQLite needs nothing:
 * withTx's BEGIN IMMEDIATE already takes the database's one write lock. On PostgreSQL two
 * transactions would otherwise both read the count before either wrote. One lock per scope,
 * not per key: each record also prunes the scope's expired rows, which concurrent writers of
 * different keys could otherwise lock in opposite orders.
 */
async function lockScope(tx: Db, scope: LimitScope): Promise<void> {
  if (engineOf(tx) === "postgres")
    await rawRows(
      tx,
      sql`SELECT pg_advisory_xact_lock(hashtext(${`seekboard-limit:${scope}`}::text))`,
    );
}

/** Attempts of `scope` by `key` after `since`, ascending, in ms. */
async function attemptTimes(
  tx: Db,
  scope: LimitScope,
  key: string,
  since: number,
): Promise<number[]> {
  const rows = await tx
    .select({ at: limitEvents.at })
    .from(limitEvents)
    .where(
      and(eq(limitEvents.scope, scope), eq(limitEvents.key, key), gt(limitEvents.at, at(since))),
    )
    .orderBy(asc(limitEvents.at));
  return rows.map((row) => Date.parse(row.at));
}

/** Records an attempt; attempts that left the window are dropped (each scope has one window). */
async function record(
  tx: Db,
  scope: LimitScope,
  key: string,
  now: number,
  windowMs: number,
): Promise<void> {
  await tx
    .delete(limitEvents)
    .where(and(eq(limitEvents.scope, scope), lte(limitEvents.at, at(now - windowMs))));
  await tx.insert(limitEvents).values({ scope, key, at: at(now) });
}

/**
 * Whether `key` may try now, without counting a try: a read, so that a request can refuse
 * early without waiting for the write lock. What holds is attemptWithinLimit's count.
 */
export async function limitVerdict(
  db: Db,
  scope: LimitScope,
  key: string,
  limit: number,
  windowMs: number,
  now: number = Date.now(),
): Promise<LimitVerdict> {
  const wait = windowWait(await attemptTimes(db, scope, key, now - windowMs), limit, windowMs, now);
  return wait === null ? { allowed: true } : { allowed: false, retryAfterSeconds: wait };
}

/** Counts an attempt when fewer than `limit` of `key`'s fall in the window; otherwise says when one will be allowed. */
export async function attemptWithinLimit(
  db: Db,
  scope: LimitScope,
  key: string,
  limit: number,
  windowMs: number,
  now: number = Date.now(),
): Promise<LimitVerdict> {
  return withTx(db, async (tx) => {
    await lockScope(tx, scope);
    const wait = windowWait(
      await attemptTimes(tx, scope, key, now - windowMs),
      limit,
      windowMs,
      now,
    );
    if (wait !== null) return { allowed: false, retryAfterSeconds: wait };
    await record(tx, scope, key, now, windowMs);
    return { allowed: true };
  });
}

/**
 * One try of the admin token by `client`, checked and counted in one transaction (so
 * parallel wrong guesses cannot all pass the check before any is counted): refused while
 * the client's own failures are at their limit in the window (the right token included, so a
 * guesser cannot keep trying), with the seconds until it may; else allowed, and a wrong token
 * (`correct` false) is counted. A right one never is. Only the client's own failures count:
 * no figure over all clients refuses anyone, since anyone's junk would then lock the admin
 * out, and one that refused only wrong tokens would tell a guesser nothing a 401 does not.
 */
export async function adminTokenAttempt(
  db: Db,
  client: string,
  limits: FailureLimits,
  correct: boolean,
  now: number = Date.now(),
): Promise<LimitVerdict> {
  return withTx(db, async (tx) => {
    await lockScope(tx, "admin-failure");
    const wait = windowWait(
      await attemptTimes(tx, "admin-failure", client, now - limits.windowMs),
      limits.perClient,
      limits.windowMs,
      now,
    );
    if (wait !== null) return { allowed: false, retryAfterSeconds: wait };
    if (!correct) await record(tx, "admin-failure", client, now, limits.windowMs);
    return { allowed: true };
  });
}
