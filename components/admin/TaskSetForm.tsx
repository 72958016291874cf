"use client";
import { useRouter } from "next/navigation";
import { startTransition, useActionState, useState } from "react";
import { z } from "zod";

/** The route's answers (server/task-sets.ts, TaskSetRegistered): 201 with the set registered, else {"error"}. */
const registeredSchema = z.object({
  benchmark: z.string(),
  version: z.string(),
  tasks: z.number(),
  replaced: z.number(),
  source: z.string(),
});
const refusedSchema = z.object({ error: z.string() });

type UploadResult =
  ({ ok: true } & z.infer<typeof registeredSchema>) | { ok: false; error: string };

/**
 * Posts the form to the task-set API route (a file up to 16 MiB: server actions keep Next's
 * 1 MB limit), with the admin's session cookie.
 */
async function postTaskSet(data: FormData): Promise<UploadResult> {
  let response: Response;
  try {
    response = await fetch("/api/admin/task-sets", { method: "POST", body: data });
  } catch {
    return { ok: false, error: "the server could not be reached; try again" };
  }
  const body: unknown = await response.json().catch(() => null);
  const registered = registeredSchema.safeParse(body);
  if (response.ok && registered.success) return { ok: true, ...registered.data };
  const refused = refusedSchema.safeParse(body);
  return {
    ok: false,
    error: refused.success ? refused.data.error : `the server answered ${response.status}`,
  };
}

/** A benchmark the form offers: its name, how its official task file reads, and the versions known for it. */
export interface TaskSetBenchmarkOption {
  id: string;
  name: string;
  describe: string;
  versions: string[];
}

/**
 * Uploads a benchmark version's official task file. A file over the bound is refused here,
 * before it is sent: the server would refuse it too, but only after receiving it.
 */
export function TaskSetForm({
  benchmarks,
  maxBytes,
}: {
  benchmarks: TaskSetBenchmarkOption[];
  maxBytes: number;
}) {
  const router = useRouter();
  const [state, action, pending] = useActionState(
    async (_previous: UploadResult | null, data: FormData) => {
      const result = await postTaskSet(data);
      // The admin page's list of task sets, rendered by the server, shows the new set.
      if (result.ok) router.refresh();
      return result;
    },
    null,
  );
  // Kept across uploads: after a refusal, only the file is chosen again.
  const [benchmarkId, setBenchmarkId] = useState(benchmarks[0].id);
  const [version, setVersion] = useState(benchmarks[0].versions.at(-1) ?? "");
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const benchmark = benchmarks.find((b) => b.id === benchmarkId) ?? benchmarks[0];
  const nameOf = (id: string) => benchmarks.find((b) => b.id === id)?.name ?? id;
  return (
    <div className="space-y-2">
      {/* Submitted by hand, not as a form action: React resets a form after its action, and the reset
          would put the controlled benchmark back to its first option in the page but not in state. */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          startTransition(() => action(data));
        }}
        className="flex flex-wrap items-end gap-2"
        data-testid="task-set-form"
      >
        <label className="text-sm">
          <span className="block text-slate-600">Benchmark</span>
          <select
            name="benchmark"
            value={benchmark.id}
            onChange={(e) => {
              setBenchmarkId(e.target.value);
              setVersion(benchmarks.find((b) => b.id === e.target.value)?.versions.at(-1) ?? "");
            }}
            className="mt-1 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {benchmarks.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-slate-600">Version</span>
          <input
            name="version"
            required
            maxLength={100}
            list={`task-set-versions-${benchmark.id}`}
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            className="mt-1 w-36 rounded border border-slate-300 px-2 py-1.5 text-sm"
          />
          <datalist id={`task-set-versions-${benchmark.id}`}>
            {benchmark.versions.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        </label>
        <label className="text-sm">
          <span className="block text-slate-600">Task file</span>
          <input
            type="file"
            name="file"
            required
            accept=".jsonl,.json,.txt,application/json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              setTooLarge(
                file && file.size > maxBytes
                  ? `${file.name}: the file is larger than ${maxBytes} bytes`
                  : null,
              );
            }}
            className="mt-1 block text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={pending || tooLarge !== null}
          className="rounded bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          Register task set
        </button>
      </form>
      <p className="text-xs text-slate-600">
        {benchmark.describe} Any benchmark also takes a JSON array of task ids. The upload replaces
        the version&apos;s registered set.
      </p>
      {tooLarge ? (
        <p role="alert" className="text-sm text-rose-700">
          {tooLarge}
        </p>
      ) : null}
      {state && !state.ok ? (
        <p
          role="alert"
          className="whitespace-pre-line text-sm text-rose-700"
          data-testid="task-set-error"
        >
          {state.error}
        </p>
      ) : null}
      {state?.ok ? (
        <p role="status" className="text-sm text-emerald-800" data-testid="task-set-registered">
          Registered {state.tasks} tasks for {nameOf(state.benchmark)} {state.version} from{" "}
          {state.source}
          {state.replaced > 0 ? `, replacing a set of ${state.replaced}` : ""}.
        </p>
      ) : null}
    </div>
  );
}
