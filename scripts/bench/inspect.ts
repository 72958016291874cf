/**
 * The Inspect step: a large `.eval` log of search-agent samples, written deterministically,
 * imported as a `qa` submission in a fresh child process (as the ingest rows are), its
 * time and peak RSS recorded. Issue 18's target: a 1 GB `.eval` streams sample by sample,
 * peak RSS under 500 MB.
 */
import { createWriteStream, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { seededRandom, seedFrom } from "../../lib/random";
import { childScript, runChild, sync } from "./children";
import type { BenchDatabases } from "./engine";
import { benchTasks, PROSE } from "./generate";

const MODEL = "openai/seekboard-bench-search-agent";
const SCORER = "match";
/** A ceiling on the samples written: 1 GiB takes about 6,200, so a size asked for past 9,000 fails rather than runs on. */
const MAX_SAMPLES = 9_000;
/** Python's zipfile default, which Inspect writes with. */
const DEFLATE_LEVEL = 6;
/** Every member's time, so the same log is the same bytes. */
const MTIME = new Date(Date.UTC(2026, 0, 1));

export interface WrittenEvalLog {
  path: string;
  samples: number;
  toolCalls: number;
  /** The archive on disk. */
  fileBytes: number;
  /** Every member inflated. */
  uncompressedBytes: number;
  generateSeconds: number;
}

export interface InspectRun {
  samples: number;
  toolCalls: number;
  steps: number;
  fileMiB: number;
  uncompressedMiB: number;
  generateSeconds: number;
  /** Inside the child, around ingestInspectLog (unpack, read, insert, aggregates, commit). */
  seconds: number;
  processSeconds: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
}

/** The bench prose's words: drawn at random, they give text that compresses about as web pages do, not 20-fold as repeated sentences do. */
const WORDS = [
  ...new Set(
    PROSE.join(" ")
      .toLowerCase()
      .replace(/[^a-z' ]/g, "")
      .split(" "),
  ),
];

/** `chars` characters of random sentences over WORDS with figures among them, mentioning `subject` now and then. */
function pageText(random: () => number, chars: number, subject: string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const words = Array.from({ length: 6 + Math.floor(random() * 14) }, () =>
      random() < 0.08
        ? String(Math.floor(random() * 100_000))
        : WORDS[Math.floor(random() * WORDS.length)],
    );
    if (i % 25 === 0) words.push("on", subject);
    const sentence = `${words.join(" ")}.`;
    parts.push(sentence[0].toUpperCase() + sentence.slice(1));
    length += sentence.length + 1;
  }
  return parts.join(" ").slice(0, chars);
}

const SITES = [
  "en.wikipedia.org",
  "www.britannica.com",
  "www.reuters.com",
  "stats.example-league.org",
  "archive.example-times.com",
  "data.example.gov",
];

/** One search-agent sample in Inspect's shape: 10–40 calls of `web_search` (a JSON list of results) and `web_browser_go` (a page's text), then an answer. */
function evalSample(
  task: { question: string; answer: string; atomicFacts: Record<string, string> },
  id: number,
) {
  // Seeded by the sample's place (id − 1), not the task's index, so the log is the same whatever the demo's task ids are.
  const random = seededRandom(seedFrom(`bench-inspect|${id - 1}`));
  const facts = Object.keys(task.atomicFacts);
  const subjectOf = () =>
    facts.length ? facts[Math.floor(random() * facts.length)] : task.question;
  const calls = 10 + Math.floor(random() * 31);
  const messages: Record<string, unknown>[] = [
    {
      role: "system",
      content:
        "You are a research assistant. Use web_search to find sources and web_browser_go to read them; answer with the figure asked for.",
      source: "input",
    },
    { role: "user", content: task.question, source: "input" },
  ];
  let inputTokens = 0;
  let outputTokens = 0;
  let context = 120 + task.question.length / 4;
  let lastUrls: string[] = [];
  for (let k = 1; k <= calls; k++) {
    const subject = subjectOf();
    const callId = `call_${id}_${k}`;
    const search = k === 1 || lastUrls.length === 0 || random() < 0.5;
    let call: { function: string; arguments: Record<string, unknown> };
    let result: string;
    if (search) {
      const query = `${subject} ${["figure", "official record", "season statistics", "history"][k % 4]}`;
      call = { function: "web_search", arguments: { query } };
      const results = Array.from({ length: 5 + Math.floor(random() * 4) }, (_, j) => {
        const site = SITES[Math.floor(random() * SITES.length)];
        return {
          title: `${subject}: ${["overview", "records", "archive", "analysis"][j % 4]}`,
          url: `https://${site}/${encodeURIComponent(subject.toLowerCase().replace(/\s+/g, "-"))}/${k}-${j}`,
          snippet: pageText(random, 180 + Math.floor(random() * 180), subject),
        };
      });
      lastUrls = results.map((r) => r.url);
      result = JSON.stringify(results);
    } else {
      const url = lastUrls[Math.floor(random() * lastUrls.length)];
      call = { function: "web_browser_go", arguments: { url } };
      result = `[${url}]\n${pageText(random, 4_000 + Math.floor(random() * 12_000), subject)}`;
    }
    const thought = search
      ? `I should search for ${subject}.`
      : "One of these results may hold the figure; I will open it.";
    messages.push({
      role: "assistant",
      content: thought,
      source: "generate",
      tool_calls: [
        { id: callId, function: call.function, arguments: call.arguments, type: "function" },
      ],
      model: MODEL,
    });
    messages.push({
      role: "tool",
      content: result,
      tool_call_id: callId,
      function: call.function,
      source: "generate",
    });
    inputTokens += Math.round(context);
    outputTokens += 20 + Math.round(thought.length / 4);
    context += (thought.length + result.length) / 4;
  }
  const correct = random() < 0.45;
  const completion = correct ? task.answer : `Not ${task.answer.split(" (")[0]}`;
  const final = { role: "assistant", content: completion, source: "generate", model: MODEL };
  messages.push(final);
  inputTokens += Math.round(context);
  outputTokens += 10 + Math.round(completion.length / 4);
  const usage = {
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    total_tokens: inputTokens + outputTokens,
  };
  const score = { value: correct ? "C" : "I", answer: completion };
  return {
    calls,
    score,
    usage,
    sample: {
      id,
      epoch: 1,
      input: task.question,
      target: task.answer,
      messages,
      output: {
        model: MODEL,
        choices: [{ message: final, stop_reason: "stop" }],
        completion,
        usage,
      },
      scores: { [SCORER]: score },
      metadata: { category: "bench" },
      store: {},
      model_usage: { [MODEL]: usage },
      total_time: +(calls * (1.5 + random() * 3)).toFixed(3),
      working_time: +(calls * 1.4).toFixed(3),
    },
  };
}

/**
 * Writes `path`: a `.eval` (a DEFLATE zip, yazl) whose members hold about `targetBytes`
 * bytes uncompressed: samples one member at a time, then summaries.json and header.json,
 * as Inspect writes them when a run ends. Each sample is generated only when yazl is
 * ready to write it (a lazy stream), so memory stays flat whatever the size; fixed
 * timestamps make the same log the same bytes.
 */
export async function writeBenchEvalLog(
  path: string,
  targetBytes: number,
): Promise<WrittenEvalLog> {
  const started = performance.now();
  const tasks = benchTasks(
    Math.min(MAX_SAMPLES, Math.max(10, Math.ceil(targetBytes / 50_000))),
  ).inputs;
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(path));
  const entry = { mtime: MTIME, compressionLevel: DEFLATE_LEVEL, forceDosTimestamp: true };
  const summaries: Record<string, unknown>[] = [];
  let toolCalls = 0;
  let correct = 0;
  let uncompressedBytes = 0;
  let failure: Error | null = null;
  const totals = { input_tokens: 0, output_tokens: 0, total_tokens: 0 };
  const addBuffer = (name: string, text: string) => {
    const data = Buffer.from(text, "utf8");
    uncompressedBytes += data.length;
    zip.addBuffer(data, name, entry);
  };
  const finish = () => {
    const samples = summaries.length;
    addBuffer("summaries.json", JSON.stringify(summaries));
    addBuffer("header.json", JSON.stringify(evalHeader(samples, correct, totals), null, 2));
    zip.end();
  };
  // The next sample is added once the previous one is generated: the log stops at the size asked for.
  const addNext = (i: number) => {
    if (uncompressedBytes >= targetBytes) return finish();
    if (i === tasks.length) {
      failure = new Error(
        `${MAX_SAMPLES} samples hold only ${uncompressedBytes} bytes, under the ${targetBytes} asked for`,
      );
      return zip.end();
    }
    const id = i + 1;
    zip.addReadStreamLazy(`samples/${id}_epoch_1.json`, entry, (callback) => {
      const task = tasks[i];
      const { sample, calls, score, usage } = evalSample(task, id);
      const data = Buffer.from(JSON.stringify(sample), "utf8");
      uncompressedBytes += data.length;
      toolCalls += calls;
      if (score.value === "C") correct++;
      totals.input_tokens += usage.input_tokens;
      totals.output_tokens += usage.output_tokens;
      totals.total_tokens += usage.total_tokens;
      summaries.push({
        id,
        epoch: 1,
        input: task.question,
        target: task.answer,
        scores: { [SCORER]: score },
        model_usage: { [MODEL]: usage },
      });
      callback(null, Readable.from([data]));
      addNext(i + 1);
    });
  };
  addNext(0);
  await written;
  if (failure) throw failure;
  return {
    path,
    samples: summaries.length,
    toolCalls,
    fileBytes: statSync(path).size,
    uncompressedBytes,
    generateSeconds: (performance.now() - started) / 1000,
  };
}

/** The header Inspect writes when a run ends: the task, model, scorer and results. */
function evalHeader(samples: number, correct: number, totals: Record<string, number>) {
  return {
    version: 2,
    status: "success",
    eval: {
      run_id: "seekboard-bench",
      created: "2026-01-01T00:00:00+00:00",
      task: "bench_search",
      task_id: "seekboard-bench-search",
      task_version: 0,
      dataset: { name: "bench_search", samples, shuffled: false },
      model: MODEL,
      config: {},
      scorers: [{ name: SCORER }],
    },
    plan: {
      name: "plan",
      steps: [{ solver: "react", params: { tools: ["web_search", "web_browser_go"] } }],
      config: {},
    },
    results: {
      total_samples: samples,
      completed_samples: samples,
      scores: [
        {
          name: SCORER,
          scorer: SCORER,
          params: {},
          metrics: { accuracy: { name: "accuracy", value: correct / samples, params: {} } },
        },
      ],
    },
    stats: {
      started_at: "2026-01-01T00:00:00+00:00",
      completed_at: "2026-01-01T06:00:00+00:00",
      model_usage: { [MODEL]: totals },
    },
  };
}

interface InspectChildResult {
  seconds: number;
  rows: { samples: number; steps: number; toolCalls: number };
  rssBeforeMiB: number;
  peakRssMiB: number;
}

/** Writes a `.eval` of about `bytes` bytes uncompressed into `workDir` and imports it in a fresh process into an empty database. */
export async function measureInspect(options: {
  workDir: string;
  databases: BenchDatabases;
  bytes: number;
  log: (line: string) => void;
}): Promise<InspectRun> {
  const { workDir, databases, log } = options;
  const path = join(workDir, "bench.eval");
  let dbTarget: string | null = null;
  try {
    log(`writing a .eval of ${(options.bytes / 2 ** 20).toFixed(0)} MiB uncompressed`);
    const written = await writeBenchEvalLog(path, options.bytes);
    log(
      `  ${written.samples} samples, ${written.toolCalls} tool calls; ${(written.fileBytes / 2 ** 20).toFixed(1)} MiB zipped, written in ${written.generateSeconds.toFixed(1)} s`,
    );
    dbTarget = await databases.fresh("inspect");
    sync();
    const run = await runChild<InspectChildResult>(childScript("ingest-child.ts"), [
      path,
      dbTarget,
      "--inspect",
      "qa",
    ]);
    if (run.rows.samples !== written.samples || run.rows.toolCalls !== written.toolCalls) {
      throw new Error(
        `the import stored ${run.rows.samples} samples and ${run.rows.toolCalls} tool calls; the log holds ${written.samples} and ${written.toolCalls}`,
      );
    }
    log(
      `  import: ${run.seconds.toFixed(1)} s, ${(written.samples / run.seconds).toFixed(0)} samples/s, peak RSS ${run.peakRssMiB.toFixed(0)} MiB`,
    );
    return {
      samples: written.samples,
      toolCalls: written.toolCalls,
      steps: run.rows.steps,
      fileMiB: written.fileBytes / 2 ** 20,
      uncompressedMiB: written.uncompressedBytes / 2 ** 20,
      generateSeconds: written.generateSeconds,
      seconds: run.seconds,
      processSeconds: run.wallSeconds,
      rssBeforeMiB: run.rssBeforeMiB,
      peakRssMiB: run.peakRssMiB,
    };
  } finally {
    if (dbTarget !== null) await databases.drop(dbTarget);
    rmSync(path, { force: true });
  }
}
