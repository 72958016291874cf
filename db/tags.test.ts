/**
 * Failure tags, automatic hints and the filter language against a real database: demo
 * bundles of several benchmarks ingested into a temporary file, then tags applied and
 * removed, and samples filtered by tag, hint and the other fields. Each filter's result
 * is checked against the same condition evaluated in JavaScript over every sample.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HINT_IDS, sampleHints, type HintId } from "../lib/hints/hints";
import { resolveTag } from "../lib/tags/taxonomies";
import {
  DEFAULT_SAMPLE_FILTERS,
  SAMPLE_PAGE_SIZE,
  SAMPLE_SORT_KEYS,
  type SampleFilters,
} from "../lib/url/samples";
import { closeDb, first, type Db } from "./client";
import { openTestDb } from "../test/db";
import { ingestBundleDir } from "./ingest";
import { hintCounts, listSamples, sampleListPosition, type SampleListRow } from "./queries/samples";
import { tagCounts, tagsOfSample } from "./queries/tags";
import { sampleFacts, samples, submissions, submissionTasks, tasks } from "./schema";
import { factFigureSql, factsOfSample } from "./sample-facts";
import { isCohortEligible } from "../lib/benchmarks/mpw/analysis";
import { writeDemoBundles } from "../lib/benchmarks/mpw/demo";
import { writeDemoFiles } from "./seed-demo";
import { applySampleTag, removeSampleTag } from "./tags";
import { and, asc, eq, getTableColumns } from "drizzle-orm";

let tmp: string;
let db: Db;
/** Submission ids by "<benchmark>:<model>:<setting>". */
const ids = new Map<string, number>();
const NOW = new Date("2026-11-22T08:00:00Z");

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-tags-"));
  db = await openTestDb(join(tmp, "test.db"));
  const bundles = [
    ...writeDemoBundles(
      join(tmp, "mpw"),
      60,
      (b) => b.model === "MindWatcher 32B" && (b.setting === "C" || b.setting === "A"),
    ),
    ...writeDemoBundles(join(tmp, "mpw-gemini"), 60, (b) => b.model === "Gemini-2.5-Flash"),
    ...writeDemoFiles(join(tmp, "seekboard")),
  ];
  for (const bundle of bundles) {
    const result = await ingestBundleDir(db, bundle.dir, { source: "test", status: "approved" });
    const row = (await first(
      db.select().from(submissions).where(eq(submissions.id, result.submissionId)).limit(1),
    ))!;
    ids.set(`${row.benchmarkId}:${row.model}:${row.setting}`, row.id);
  }
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

function idOf(prefix: string): number {
  const key = [...ids.keys()].find((k) => k.startsWith(prefix));
  if (key === undefined)
    throw new Error(`no submission ${prefix} among ${[...ids.keys()].join(", ")}`);
  return ids.get(key)!;
}

/** Every sample of a submission with what the hints and the JS-side filters read. */
async function allSamples(submissionId: number) {
  const setting = (await first(
    db.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1),
  ))!.setting;
  const rows = await db
    .select({
      sample: { ...getTableColumns(samples), ...factFigureSql },
      language: tasks.language,
      question: submissionTasks.question,
      gold: submissionTasks.goldAnswer,
    })
    .from(samples)
    .leftJoin(sampleFacts, factsOfSample)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .leftJoin(
      submissionTasks,
      and(
        eq(submissionTasks.submissionId, samples.submissionId),
        eq(submissionTasks.taskId, samples.taskId),
      ),
    )
    .where(eq(samples.submissionId, submissionId))
    .orderBy(asc(samples.id));
  return rows.map((r) => ({ ...r, setting, hints: sampleHints({ ...r.sample, setting }) }));
}

/** Every page of a filtered list. */
async function listAll(
  submissionId: number,
  change: Partial<SampleFilters>,
): Promise<{ rows: SampleListRow[]; total: number; error: string | null }> {
  const firstPage = await listSamples(db, submissionId, { ...DEFAULT_SAMPLE_FILTERS, ...change });
  const rows = [...firstPage.rows];
  for (let page = 2; page <= Math.ceil(firstPage.total / SAMPLE_PAGE_SIZE); page++)
    rows.push(
      ...(await listSamples(db, submissionId, { ...DEFAULT_SAMPLE_FILTERS, ...change, page })).rows,
    );
  expect(rows).toHaveLength(firstPage.total);
  return { rows, total: firstPage.total, error: firstPage.queryError?.message ?? null };
}

const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe("tags: apply, remove, count", () => {
  it("applies taxonomy and free tags, refuses a duplicate, counts per submission, removes", async () => {
    const sub = idOf("mpw:MindWatcher 32B:C");
    const [a, b, c] = (await allSamples(sub)).map((r) => r.sample.id);
    expect(await applySampleTag(db, a, resolveTag("retrieval miss"), "admin", NOW)).toEqual({
      ok: true,
      submissionId: sub,
    });
    expect(await applySampleTag(db, b, resolveTag("Retrieval Miss"), "admin", NOW)).toEqual({
      ok: true,
      submissionId: sub,
    });
    expect(await applySampleTag(db, b, resolveTag("judge too strict"), "admin", NOW)).toEqual({
      ok: true,
      submissionId: sub,
    });
    expect(await applySampleTag(db, a, resolveTag("RETRIEVAL MISS"), "admin", NOW)).toEqual({
      ok: false,
      problem: "already-tagged",
    });
    // A free tag differing only in case is the same tag (filters ignore case).
    expect(await applySampleTag(db, b, resolveTag("Judge Too Strict"), "admin", NOW)).toEqual({
      ok: false,
      problem: "already-tagged",
    });
    expect(await applySampleTag(db, 999_999, resolveTag("x"), "admin", NOW)).toEqual({
      ok: false,
      problem: "no-sample",
    });

    expect(await tagsOfSample(db, b)).toEqual([
      {
        tag: "Retrieval Miss",
        taxonomy: "infomosaic",
        actor: "admin",
        createdAt: NOW.toISOString(),
      },
      { tag: "judge too strict", taxonomy: null, actor: "admin", createdAt: NOW.toISOString() },
    ]);
    expect(await tagCounts(db, sub)).toEqual([
      { tag: "Retrieval Miss", taxonomy: "infomosaic", samples: 2 },
      { tag: "judge too strict", taxonomy: null, samples: 1 },
    ]);
    // Other submissions are unaffected.
    expect(await tagCounts(db, idOf("mpw:MindWatcher 32B:A"))).toEqual([]);

    expect(await removeSampleTag(db, c, "Retrieval Miss")).toBeNull();
    expect(await removeSampleTag(db, b, "judge too strict")).toBe(sub);
    expect(await removeSampleTag(db, b, "judge too strict")).toBeNull();
    expect(await tagCounts(db, sub)).toEqual([
      { tag: "Retrieval Miss", taxonomy: "infomosaic", samples: 2 },
    ]);
  });

  it("filters by tag (case-insensitively, quoted), and by its negation; rows carry their tags", async () => {
    const sub = idOf("mpw:MindWatcher 32B:C");
    const all = await allSamples(sub);
    const [a, b] = all.map((r) => r.sample.id);
    const tagged = await listAll(sub, { f: 'tag:"retrieval miss"' });
    expect(tagged.error).toBeNull();
    expect(idsOf(tagged.rows)).toEqual([a, b]);
    expect(tagged.rows.map((r) => r.tags)).toEqual([["Retrieval Miss"], ["Retrieval Miss"]]);
    expect((await listAll(sub, { f: '-tag:"Retrieval Miss"' })).total).toBe(all.length - 2);
    expect((await listAll(sub, { f: "tag:nothing" })).total).toBe(0);
    // ANDed with the form's fields.
    const incorrect = all.filter(
      (r) => !r.sample.correct && (r.sample.id === a || r.sample.id === b),
    ).length;
    expect((await listAll(sub, { f: 'tag:"Retrieval Miss"', verdict: "incorrect" })).total).toBe(
      incorrect,
    );
  });

  it("a sample's tags go with it when its submission is deleted", async () => {
    const sub = idOf("qa:");
    const sample = (await allSamples(sub))[0].sample.id;
    expect(
      await applySampleTag(db, sample, resolveTag("Premature Stop"), "admin", NOW),
    ).toMatchObject({ ok: true });
    await db.delete(submissions).where(eq(submissions.id, sub));
    expect(await tagsOfSample(db, sample)).toEqual([]);
    ids.delete([...ids.keys()].find((k) => k.startsWith("qa:"))!);
  });
});

describe("hints: the SQL selects exactly the samples the pure function flags", () => {
  it("for every hint in every submission, listing, filtering and counting agree", async () => {
    const seen = new Set<HintId>();
    for (const sub of ids.values()) {
      const all = await allSamples(sub);
      const counts = await hintCounts(db, sub);
      for (const hint of HINT_IDS) {
        const expected = all.filter((r) => r.hints.includes(hint)).map((r) => r.sample.id);
        if (expected.length) seen.add(hint);
        expect(counts[hint], `${hint} count in submission ${sub}`).toBe(expected.length);
        const listed = await listAll(sub, { f: `hint:${hint}` });
        expect(idsOf(listed.rows), `hint:${hint} in submission ${sub}`).toEqual(
          expected.sort((x, y) => x - y),
        );
        expect(listed.rows.every((r) => r.hints.includes(hint))).toBe(true);
        expect((await listAll(sub, { f: `-hint:${hint}` })).total).toBe(
          all.length - expected.length,
        );
      }
    }
    // The demo data exercises every hint somewhere.
    expect([...seen].sort()).toEqual([...HINT_IDS].sort());
  });

  it("setting A answers without tools by design: no no-search hint there", async () => {
    const sub = idOf("mpw:MindWatcher 32B:A");
    expect((await allSamples(sub)).every((r) => r.sample.toolCalls === 0)).toBe(true);
    expect((await hintCounts(db, sub))["no-search"]).toBe(0);
  });
});

describe("the call-cohort filter", () => {
  it("selects the samples MPW's cohort plots read, and none of a benchmark without cohort plots", async () => {
    const mpw = idOf("mpw:MindWatcher 32B:C");
    const eligible = (await allSamples(mpw)).filter((r) => isCohortEligible(r.sample));
    expect(eligible.length).toBeGreaterThan(0);
    expect(idsOf((await listAll(mpw, { cohort: true })).rows)).toEqual(
      idsOf(eligible.map((r) => r.sample)),
    );
    const qa = idOf("qa:");
    expect((await listAll(qa, {})).total).toBeGreaterThan(0);
    expect((await listAll(qa, { cohort: true })).total).toBe(0);
  });
});

describe("filter language in SQL", () => {
  const sub = () => idOf("mpw:MindWatcher 32B:C");

  it("numbers, enums, text and negation match the same condition in JavaScript", async () => {
    const all = await allSamples(sub());
    const cases: [string, (r: (typeof all)[number]) => boolean][] = [
      ["fcr<0.3", (r) => r.sample.fcr !== null && r.sample.fcr < 0.3],
      ["fcr>=30%", (r) => r.sample.fcr !== null && r.sample.fcr >= 0.3],
      ["-fcr<0.3", (r) => !(r.sample.fcr !== null && r.sample.fcr < 0.3)],
      ["tier:hard calls>5", (r) => r.sample.tier === "hard" && r.sample.toolCalls > 5],
      ["status:max_turns_reached", (r) => r.sample.status === "max_turns_reached"],
      [
        "-status:finished verdict:incorrect",
        (r) => r.sample.status !== "finished" && !r.sample.correct,
      ],
      ["hits=0 run:0", (r) => r.sample.hits === 0 && r.sample.run === 0],
      ["compound>0.5", (r) => r.sample.compoundRate !== null && r.sample.compoundRate > 0.5],
      ["facts>=11 hitrate<=0.2", (r) => r.sample.factCount >= 11 && r.sample.hitRate <= 0.2],
      ["task:0", (r) => r.sample.taskKey === "0"],
      ["温布尔登", (r) => (r.question ?? "").includes("温布尔登")],
      [
        '"Formula 1" -tier:easy',
        (r) =>
          (
            (r.question ?? "") +
            (r.sample.prediction ?? "") +
            (r.gold ?? "") +
            r.sample.taskKey
          ).includes("Formula 1") && r.sample.tier !== "easy",
      ],
    ];
    for (const [query, keep] of cases) {
      const listed = await listAll(sub(), { f: query });
      expect(listed.error, query).toBeNull();
      const expected = all.filter(keep).map((r) => r.sample.id);
      // Each case selects some samples but not all, so it tests something.
      expect(expected.length, query).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(all.length);
      expect(idsOf(listed.rows), query).toEqual(expected.sort((x, y) => x - y));
    }
  });

  it("category and language compare case-insensitively; language is the task's", async () => {
    const evo = idOf("evobrowsecomp:");
    const all = await allSamples(evo);
    const zh = all.filter((r) => r.language === "zh").length;
    expect(zh).toBeGreaterThan(0);
    expect((await listAll(evo, { f: "lang:ZH" })).total).toBe(zh);
    expect((await listAll(evo, { f: "-language:zh" })).total).toBe(all.length - zh);
    const category = all.find((r) => r.sample.category)?.sample.category;
    expect(category).toBeTruthy();
    expect((await listAll(evo, { f: `domain:"${category!.toUpperCase()}"` })).total).toBe(
      all.filter((r) => r.sample.category === category).length,
    );
  });

  it("user values are parameters: quotes, LIKE wildcards and SQL text match nothing and break nothing", async () => {
    for (const query of [
      `"O'Brien"`,
      `"%"`,
      `"_"`,
      `status:"x' OR 1=1 --"`,
      `tag:"'); DROP TABLE samples; --"`,
    ]) {
      const listed = await listAll(sub(), { f: query });
      expect(listed.error, query).toBeNull();
      expect(listed.total, query).toBe(0);
    }
    expect((await allSamples(sub())).length).toBe(60);
  });

  it("a bad query is reported with its position and selects no sample (not all of them)", async () => {
    const bad = await listSamples(db, sub(), {
      ...DEFAULT_SAMPLE_FILTERS,
      f: "tier:hard colour:red",
      verdict: "incorrect",
    });
    expect(bad.queryError).toMatchObject({ position: 10 });
    expect(bad.queryError?.message).toMatch(/^at character 11: unknown field "colour"/);
    expect(bad.total).toBe(0);
    expect(bad.rows).toEqual([]);
    expect(
      await sampleListPosition(
        db,
        sub(),
        { ...DEFAULT_SAMPLE_FILTERS, f: "colour:red" },
        (await allSamples(sub()))[0].sample.id,
      ),
    ).toBeNull();
  });
});

describe("sample lists: sort by a column, a sample's place in its list", () => {
  const mpw = () => idOf("mpw:MindWatcher 32B:C");

  it("sorts by each key in both directions, ties in sample order, across pages", async () => {
    const all = await allSamples(mpw());
    const byFcr = (await listAll(mpw(), { sort: { key: "fcr", descending: false } })).rows;
    const expected = [...all]
      .sort((a, b) => (a.sample.fcr ?? -1) - (b.sample.fcr ?? -1) || a.sample.id - b.sample.id)
      .map((r) => r.sample.id);
    expect(byFcr.map((r) => r.id)).toEqual(expected);
    const byCallsDown = (await listAll(mpw(), { sort: { key: "calls", descending: true } })).rows;
    const expectedCalls = [...all]
      .sort((a, b) => b.sample.toolCalls - a.sample.toolCalls || a.sample.id - b.sample.id)
      .map((r) => r.sample.id);
    expect(byCallsDown.map((r) => r.id)).toEqual(expectedCalls);
    // Task ids of digits order as numbers.
    const byTask = (await listAll(mpw(), { sort: { key: "task", descending: false } })).rows.map(
      (r) => Number(r.taskKey),
    );
    expect(byTask).toEqual([...byTask].sort((a, b) => a - b));
    const tiers = (await listAll(mpw(), { sort: { key: "tier", descending: false } })).rows.map(
      (r) => r.tier,
    );
    expect(tiers.indexOf("hard")).toBeGreaterThan(tiers.lastIndexOf("medium"));
    for (const key of SAMPLE_SORT_KEYS) {
      for (const descending of [false, true])
        expect((await listAll(mpw(), { sort: { key, descending } })).total, key).toBe(all.length);
    }
  });

  it("metric.<name> sorts by a stored per-sample figure", async () => {
    const sub = idOf("webdetective:");
    const top = (await listAll(sub, {})).rows[0].metrics ?? {};
    const field = Object.keys(top).find((k) => typeof top[k] === "number");
    expect(field).toBeDefined();
    const values = (
      await listAll(sub, { sort: { key: `metric.${field}`, descending: true } })
    ).rows.map((r) => Number((r.metrics ?? {})[field!]));
    expect(values.length).toBeGreaterThan(1);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it("a sample's index, total and neighbours are those of the filtered, sorted list", async () => {
    const list = {
      ...DEFAULT_SAMPLE_FILTERS,
      verdict: "incorrect" as const,
      sort: { key: "calls" as const, descending: true },
    };
    const rows = (await listAll(mpw(), list)).rows;
    expect(rows.length).toBeGreaterThan(2);
    const ref = (r: SampleListRow) => ({ taskKey: r.taskKey, run: r.run });
    expect(await sampleListPosition(db, mpw(), list, rows[1].id)).toEqual({
      index: 2,
      total: rows.length,
      previous: ref(rows[0]),
      next: ref(rows[2]),
    });
    expect(await sampleListPosition(db, mpw(), list, rows[0].id)).toMatchObject({
      index: 1,
      previous: null,
    });
    expect(await sampleListPosition(db, mpw(), list, rows[rows.length - 1].id)).toMatchObject({
      index: rows.length,
      next: null,
    });
    const correct = (await allSamples(mpw())).find((r) => r.sample.correct)!;
    expect(await sampleListPosition(db, mpw(), list, correct.sample.id)).toBeNull();
  });
});
