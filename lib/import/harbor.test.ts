import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { atifToMessages, parseAtifTrajectory } from "../trajectory/atif";
import { BundleError } from "./errors";
import { readHarborJob } from "./harbor";

const FIXTURES = join(__dirname, "../../test/fixtures/harbor");

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of job-1 in a fresh bundle root, to spoil. */
function copyOfJob(): string {
  const root = mkdtempSync(join(tmpdir(), "harbor-test-"));
  temps.push(root);
  cpSync(join(FIXTURES, "job-1"), join(root, "job-1"), { recursive: true });
  return root;
}

function editResult(
  root: string,
  trial: string,
  edit: (result: Record<string, unknown>) => void,
): void {
  const path = join(root, "job-1", trial, "result.json");
  const result = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  edit(result);
  writeFileSync(path, JSON.stringify(result));
}

function errorOf(run: () => unknown): BundleError {
  try {
    run();
  } catch (error) {
    if (error instanceof BundleError) return error;
    throw error;
  }
  throw new Error("expected a BundleError");
}

describe("readHarborJob", () => {
  it("reads each trial of a job, in folder order", () => {
    const trials = readHarborJob(FIXTURES, "job-1", "job");
    expect(trials.map((trial) => trial.trialName)).toEqual([
      "bc-0001__Xk3pQ9a",
      "bc-0002__Lm7rT2b",
      "bc-0003__Qz8wV5c",
    ]);

    const [solved, failed, crashed] = trials;
    expect(solved).toEqual({
      dir: "job-1/bc-0001__Xk3pQ9a",
      trialName: "bc-0001__Xk3pQ9a",
      taskName: "bc-0001",
      source: "browsecomp-mini",
      agent: {
        name: "terminus-2",
        version: "2.0.0",
        model: { name: "gpt-5-mini", provider: "openai" },
      },
      trajectoryPath: "job-1/bc-0001__Xk3pQ9a/agent/trajectory.json",
      rewards: new Map([["reward", 1]]),
      reward: 1,
      // agent_execution 09:00:20.5 → 09:01:05.
      usage: { prompt_tokens: 3100, completion_tokens: 260, cost_usd: 0.0041, seconds: 44.5 },
      exception: null,
      startedAt: "2025-11-02T09:00:00.000000",
      finishedAt: "2025-11-02T09:01:12.000000",
    });

    // No cost recorded: unknown, not 0. Agent ran 09:00:18 → 09:02:18.
    expect(failed).toMatchObject({
      reward: 0,
      usage: { prompt_tokens: 5400, completion_tokens: 410, cost_usd: null, seconds: 120 },
    });

    expect(crashed).toMatchObject({
      taskName: "bc-0003",
      trajectoryPath: null,
      rewards: null,
      reward: null,
      usage: { prompt_tokens: null, completion_tokens: null, cost_usd: null, seconds: 900 },
      exception: {
        type: "AgentTimeoutError",
        message: "Agent execution timed out after 900.0 seconds",
      },
    });
  });

  it("points at trajectories that read as ATIF, whose totals agree with the trial's", () => {
    for (const trial of readHarborJob(FIXTURES, "job-1", "job")) {
      if (trial.trajectoryPath === null) continue;
      const trajectory = parseAtifTrajectory(
        JSON.parse(readFileSync(join(FIXTURES, trial.trajectoryPath), "utf8")),
        trial.trajectoryPath,
      );
      const { usage } = atifToMessages(trajectory);
      expect([usage.prompt_tokens, usage.completion_tokens, usage.cost_usd]).toEqual([
        trial.usage.prompt_tokens,
        trial.usage.completion_tokens,
        trial.usage.cost_usd,
      ]);
    }
  });

  it("reads the verifier's reward file when result.json holds no verifier result", () => {
    const root = copyOfJob();
    editResult(root, "bc-0001__Xk3pQ9a", (result) => {
      result.verifier_result = null;
    });
    expect(readHarborJob(root, "job-1", "job")[0].reward).toBe(1);

    rmSync(join(root, "job-1/bc-0001__Xk3pQ9a/verifier/reward.txt"));
    writeFileSync(
      join(root, "job-1/bc-0001__Xk3pQ9a/verifier/reward.json"),
      JSON.stringify({ accuracy: 0.5, f1: 0.25 }),
    );
    const [trial] = readHarborJob(root, "job-1", "job");
    // Several rewards, none named "reward": no single reward to take.
    expect(trial.rewards).toEqual(
      new Map([
        ["accuracy", 0.5],
        ["f1", 0.25],
      ]),
    );
    expect(trial.reward).toBeNull();

    writeFileSync(
      join(root, "job-1/bc-0001__Xk3pQ9a/verifier/reward.json"),
      JSON.stringify({ accuracy: 0.5 }),
    );
    expect(readHarborJob(root, "job-1", "job")[0].reward).toBe(0.5);

    rmSync(join(root, "job-1/bc-0001__Xk3pQ9a/verifier/reward.json"));
    expect(readHarborJob(root, "job-1", "job")[0]).toMatchObject({ rewards: null, reward: null });
  });

  it("names the file and field of a bad result.json or reward file", () => {
    const root = copyOfJob();
    editResult(root, "bc-0002__Lm7rT2b", (result) => {
      (result.agent_result as Record<string, unknown>).n_output_tokens = "410";
    });
    expect(errorOf(() => readHarborJob(root, "job-1", "job")).details).toEqual([
      {
        file: "job-1/bc-0002__Lm7rT2b/result.json",
        line: null,
        field: "agent_result.n_output_tokens",
        message: "Invalid input: expected number, received string",
      },
    ]);

    editResult(root, "bc-0002__Lm7rT2b", (result) => {
      result.verifier_result = null;
      (result.agent_result as Record<string, unknown>).n_output_tokens = 410;
    });
    writeFileSync(join(root, "job-1/bc-0002__Lm7rT2b/verifier/reward.txt"), "passed");
    expect(errorOf(() => readHarborJob(root, "job-1", "job")).details[0]).toMatchObject({
      file: "job-1/bc-0002__Lm7rT2b/verifier/reward.txt",
      message: 'the reward is not a number: "passed"',
    });

    writeFileSync(join(root, "job-1/bc-0002__Lm7rT2b/result.json"), "{not json");
    expect(errorOf(() => readHarborJob(root, "job-1", "job")).details[0]).toMatchObject({
      file: "job-1/bc-0002__Lm7rT2b/result.json",
      field: null,
    });
  });

  it("reports every trial that cannot be read, not only the first", () => {
    const root = copyOfJob();
    editResult(root, "bc-0001__Xk3pQ9a", (result) => {
      result.trial_nmae = result.trial_name;
      delete result.trial_name;
    });
    writeFileSync(join(root, "job-1/bc-0002__Lm7rT2b/result.json"), "{not json");
    rmSync(join(root, "job-1/bc-0003__Qz8wV5c/result.json"));
    expect(
      errorOf(() => readHarborJob(root, "job-1", "job")).details.map((d) => [
        d.file,
        d.field,
        d.message,
      ]),
    ).toEqual([
      [
        "job-1/bc-0001__Xk3pQ9a/result.json",
        "trial_name",
        expect.stringMatching(/"trial_nmae" is given: did you mean "trial_name"\?$/),
      ],
      ["job-1/bc-0002__Lm7rT2b/result.json", null, expect.stringMatching(/^invalid JSON/)],
      ["job-1/bc-0003__Qz8wV5c", null, "the trial has no result.json: it never finished"],
    ]);
  });

  it("refuses an unfinished trial, a missing job folder and one outside the bundle", () => {
    const root = copyOfJob();
    rmSync(join(root, "job-1/bc-0003__Qz8wV5c/result.json"));
    expect(errorOf(() => readHarborJob(root, "job-1", "job")).details[0]).toEqual({
      file: "job-1/bc-0003__Qz8wV5c",
      line: null,
      field: null,
      message: "the trial has no result.json: it never finished",
    });
    expect(errorOf(() => readHarborJob(root, "job-2", "job")).details[0]).toMatchObject({
      file: "manifest.json",
      field: "job",
    });
    expect(errorOf(() => readHarborJob(root, "../job-1", "job")).details[0]).toMatchObject({
      file: "manifest.json",
      field: "job",
      message: "../job-1 is outside the bundle",
    });
    expect(
      errorOf(() => readHarborJob(root, "job-1/bc-0001__Xk3pQ9a/agent", "job")).details[0],
    ).toMatchObject({ file: "manifest.json", field: "job" });
  });
});
