/** Shared by the upload and admin specs: the admin's login, team tokens, and real MPW bundles as .zip files. */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { MPW_DEMO_MODELS } from "../lib/benchmarks/mpw/demo-models";
import { generateMpwRecord } from "../lib/benchmarks/mpw/demo-records";
import type { MpwSetting } from "../lib/benchmarks/mpw/manifest";
import { parseMpwTaskRecord } from "../lib/benchmarks/mpw/import";

/** playwright.config.ts sets it (default "e2e-admin-token") for the tests and the server alike. */
export const ADMIN_TOKEN = process.env.SEEKBOARD_ADMIN_TOKEN ?? "";

export async function logInAsAdmin(page: Page): Promise<void> {
  expect(ADMIN_TOKEN, "SEEKBOARD_ADMIN_TOKEN is set by playwright.config.ts").not.toBe("");
  await page.goto("/admin");
  const form = page.getByTestId("admin-login");
  await form.locator("input[name=token]").fill(ADMIN_TOKEN);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** Issues a team token through /admin (the page must be logged in) and returns it, as shown once. */
export async function issueTokenInAdmin(page: Page, team: string): Promise<string> {
  await page.goto("/admin");
  const form = page.getByTestId("issue-token");
  await form.locator("input[name=team]").fill(team);
  await form.getByRole("button", { name: "Issue token" }).click();
  const value = page.getByTestId("issued-token-value");
  await expect(value).toHaveText(/^sb_[A-Za-z0-9_-]{43}$/);
  return (await value.textContent())!.trim();
}

const TASKS = readFileSync(join(__dirname, "..", "demo", "mpw", "mpw_bench.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line, i) => parseMpwTaskRecord(JSON.parse(line), "tasks.jsonl", i + 1));

export interface BundleOptions {
  model: string;
  setting: MpwSetting;
  agent?: string;
  /** Runs of each of the three real tasks. */
  runs?: number;
  /** Incompressible bytes added to each record, to make an upload take visible time. */
  paddingBytes?: number;
  /** Changes records before they are written (to break them). */
  edit?: (records: Record<string, unknown>[]) => void;
}

export function mpwRecordLines(options: BundleOptions): string {
  // The demo models that have figures for this setting.
  const models = MPW_DEMO_MODELS.filter((m) =>
    options.setting === "A" ? m.settingA !== null : m.targets[options.setting],
  );
  const records: Record<string, unknown>[] = [];
  for (let run = 0; run < (options.runs ?? 1); run++) {
    TASKS.forEach((task, i) => {
      const record = generateMpwRecord(
        {
          index: Number(task.taskKey),
          position: i,
          category: "Real sample",
          question: task.question ?? "",
          answer: task.goldAnswer ?? "",
          atomicFacts: task.atomicFacts,
        },
        {
          model: models[(run + i) % models.length],
          setting: options.setting,
          judgeVariant: "answer",
        },
      );
      if (options.paddingBytes)
        record.padding = randomBytes(options.paddingBytes).toString("base64");
      records.push(record);
    });
  }
  options.edit?.(records);
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

/** A .zip (stored, so its size is its content's) of manifest.json and results.jsonl, written with python3's zipfile. */
export function writeMpwZip(dir: string, name: string, options: BundleOptions): string {
  const src = join(dir, `${name}-src`);
  mkdirSync(src, { recursive: true });
  const manifest = {
    benchmark: "mpw",
    model: options.model,
    setting: options.setting,
    agent: options.agent ?? "ReAct",
    results: ["results.jsonl"],
  };
  writeFileSync(join(src, "manifest.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(src, "results.jsonl"), mpwRecordLines(options));
  const out = join(dir, `${name}.zip`);
  const script = [
    "import os, sys, zipfile",
    "src, out = sys.argv[1], sys.argv[2]",
    "with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED) as z:",
    "    for n in ('manifest.json', 'results.jsonl'): z.write(os.path.join(src, n), n)",
  ].join("\n");
  execFileSync("python3", ["-c", script, src, out]);
  return out;
}
