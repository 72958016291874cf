"use server";
/**
 * Server actions for rubric search (db/rubric/jobs.ts). Each re-checks the admin session
 * (a form's fields are never trusted) and reads its fields with zod. One form previews
 * (runs and estimated tokens, nothing asked of the judge) and starts (`intent`).
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { cancelRubricJob, createRubricJob, previewRubricJob } from "@/db/rubric/jobs";
import { BENCHMARK_IDS } from "@/lib/benchmarks/info";
import { MAX_FILTER_LENGTH } from "@/lib/filter/parse";
import { MAX_RUBRIC_CHARS } from "@/lib/rubric/prompt";
import { parseSubmissionIds, type RubricScope } from "@/lib/rubric/scope";
import { isAdminSession } from "./auth";
import { ADMIN_ACTOR, llmSetting, NOT_ADMIN } from "./reeval";

export type RubricFormState =
  { ok: true; runs: number; estimatedTokens: number; model: string } | { ok: false; error: string };

const formSchema = z.object({
  rubric: z.string().trim().min(1, "write the rubric").max(MAX_RUBRIC_CHARS),
  scope: z.enum(["submissions", "version", "matches"]),
  submissions: z.string().default(""),
  benchmark: z.string().default(""),
  version: z.string().trim().default(""),
  parent: z.string().default(""),
  filter: z.string().trim().max(MAX_FILTER_LENGTH).default(""),
  intent: z.enum(["preview", "start"]),
});

function field(formData: FormData, name: string): string | undefined {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

function scopeOf(form: z.infer<typeof formSchema>): RubricScope | string {
  switch (form.scope) {
    case "submissions": {
      const ids = parseSubmissionIds(form.submissions);
      return ids
        ? { kind: "submissions", submissionIds: ids, filter: form.filter }
        : "name the submissions by their ids (e.g. 12, 14)";
    }
    case "version": {
      const benchmark = BENCHMARK_IDS.find((id) => id === form.benchmark);
      if (!benchmark) return "choose a benchmark";
      if (!form.version) return "name the benchmark version";
      return { kind: "version", benchmark, version: form.version, filter: form.filter };
    }
    case "matches": {
      const parentId = Number(form.parent);
      return Number.isSafeInteger(parentId) && parentId > 0
        ? { kind: "matches", parentId, filter: form.filter }
        : "no rubric search to refine";
    }
  }
}

export async function rubricAction(
  _previous: RubricFormState | null,
  formData: FormData,
): Promise<RubricFormState> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = formSchema.safeParse(
    Object.fromEntries(
      ["rubric", "scope", "submissions", "benchmark", "version", "parent", "filter", "intent"].map(
        (name) => [name, field(formData, name)],
      ),
    ),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue.path.join(".")}: ${issue.message}` };
  }
  const scope = scopeOf(parsed.data);
  if (typeof scope === "string") return { ok: false, error: scope };
  const llm = llmSetting();
  if (!llm.config) return { ok: false, error: llm.why };
  const db = await getDb();
  if (parsed.data.intent === "preview") {
    const preview = await previewRubricJob(db, parsed.data.rubric, scope);
    return preview.ok ? { ...preview, model: llm.config.model } : preview;
  }
  const created = await createRubricJob(db, {
    rubric: parsed.data.rubric,
    scope,
    actor: ADMIN_ACTOR,
    judge: llm.config,
  });
  if (!created.ok) return created;
  redirect(`/rubric/${created.id}`);
}

export async function cancelRubricAction(formData: FormData): Promise<void> {
  if (!(await isAdminSession())) return;
  const id = Number(formData.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await cancelRubricJob(await getDb(), id);
  revalidatePath(`/rubric/${id}`);
}
