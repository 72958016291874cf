import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { adminToken, isAdminSession } from "@/server/auth";
import { AdminLoginForm } from "@/components/admin/AdminLoginForm";
import { ConfusableNames } from "@/components/admin/ConfusableNames";
import { IssueTokenForm } from "@/components/admin/IssueTokenForm";
import { ModerationControls } from "@/components/admin/ModerationControls";
import { RevokeTokenButton } from "@/components/admin/RevokeTokenButton";
import { TaskSets } from "@/components/admin/TaskSets";
import { RubricForm } from "@/components/rubric/RubricForm";
import { listRubricJobs } from "@/db/queries/rubric";
import { Badge } from "@/components/ui/Badge";
import { BoardFigureList } from "@/components/submission/BoardFigures";
import { getDb, type Db } from "@/db/client";
import {
  confusableNames,
  listModerationQueue,
  listRecentDecisions,
  type ConfusableName,
  type SubmissionPreview,
} from "@/db/queries/moderation";
import { taskSetOverview } from "@/db/queries/task-sets";
import { submissionChecks } from "@/db/queries/standing";
import { benchmarkIdOf } from "@/db/benchmark-id";
import { ChecksBadge } from "@/components/leaderboard/Standing";
import { listUploadTokens } from "@/db/upload-tokens";
import { BENCHMARK_IDS, BENCHMARKS } from "@/lib/benchmarks/registry";
import { MAX_TASK_FILE_BYTES, taskFileRules } from "@/lib/standing/task-file";
import { logout } from "../../server/admin-actions";

export const metadata: Metadata = { title: "Admin", robots: { index: false, follow: false } };

const RECENT_DECISIONS = 20;
const RECENT_RUBRIC_JOBS = 10;

export default async function AdminPage() {
  await connection();
  if (adminToken() === null) {
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-6" data-testid="admin-disabled">
        <h1 className="text-lg font-semibold">Admin is disabled</h1>
        <p className="mt-2 text-sm text-slate-600">
          Set <code className="font-mono">SEEKBOARD_ADMIN_TOKEN</code> in the server&apos;s
          environment to moderate submissions and issue upload tokens.
        </p>
      </div>
    );
  }
  if (!(await isAdminSession())) return <AdminLoginForm />;

  const db = await getDb();
  const [queue, decisions, tokens, taskSets, rubricJobs] = await Promise.all([
    listModerationQueue(db),
    listRecentDecisions(db, RECENT_DECISIONS),
    listUploadTokens(db),
    taskSetOverview(db),
    listRubricJobs(db, RECENT_RUBRIC_JOBS),
  ]);
  const [checks, confusables] = await Promise.all([
    checksOf(db, [...queue, ...decisions]),
    confusableNames(db, queue),
  ]);
  const taskFileBenchmarks = BENCHMARK_IDS.map((id) => ({
    id,
    name: BENCHMARKS[id].name,
    describe: taskFileRules(BENCHMARKS[id]).describe,
    versions: taskSets.filter((row) => row.benchmarkId === id).map((row) => row.benchmarkVersion),
  }));
  return (
    <div className="space-y-8">
      <div className="flex items-baseline justify-between">
        <h1 className="text-2xl font-semibold tracking-tight">Admin</h1>
        <form action={logout}>
          <button type="submit" className="text-sm text-slate-600 hover:underline">
            Log out
          </button>
        </form>
      </div>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Moderation queue ({queue.length})</h2>
        {queue.length === 0 ? (
          <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
            Nothing is waiting for review.
          </p>
        ) : (
          <SubmissionTable
            rows={queue}
            checks={checks}
            confusables={confusables}
            testId="moderation-queue"
            label="Moderation queue"
          />
        )}
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">Recent decisions</h2>
        {decisions.length === 0 ? (
          <p className="text-sm text-slate-600">No decisions yet.</p>
        ) : (
          <SubmissionTable
            rows={decisions}
            checks={checks}
            confusables={new Map()}
            testId="recent-decisions"
            label="Recent decisions"
          />
        )}
      </section>

      <TaskSets rows={taskSets} benchmarks={taskFileBenchmarks} maxBytes={MAX_TASK_FILE_BYTES} />

      <section className="space-y-3" data-testid="rubric-search">
        <h2 className="text-lg font-semibold">Rubric search</h2>
        <p className="text-sm text-slate-600">
          The LLM judge reads every run of a scope and says whether your rubric describes it, citing
          the steps that show it.
        </p>
        <RubricForm benchmarks={BENCHMARK_IDS.map((id) => ({ id, name: BENCHMARKS[id].name }))} />
        {rubricJobs.length ? (
          <ul className="space-y-1 text-sm" data-testid="rubric-jobs">
            {rubricJobs.map((job) => (
              <li key={job.id}>
                <Link href={`/rubric/${job.id}`}>#{job.id}</Link> {job.status} · {job.matched} of{" "}
                {job.done}/{job.total} matched ·{" "}
                <span className="text-slate-700">{job.rubric.slice(0, 120)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Upload tokens</h2>
        <IssueTokenForm />
        <table className="w-full text-left text-sm" data-testid="upload-tokens">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1 pr-3">Team</th>
              <th className="py-1 pr-3">Issued</th>
              <th className="py-1 pr-3">Last upload</th>
              <th className="py-1 pr-3">State</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr
                key={token.id}
                className="border-t border-slate-200"
                data-testid="upload-token-row"
                data-team={token.team}
              >
                <td className="py-1.5 pr-3">{token.team}</td>
                <td className="py-1.5 pr-3 tabular-nums">
                  {token.createdAt.slice(0, 16).replace("T", " ")}
                </td>
                <td className="py-1.5 pr-3 tabular-nums">
                  {token.lastUsedAt ? token.lastUsedAt.slice(0, 16).replace("T", " ") : "—"}
                </td>
                <td className="py-1.5 pr-3">
                  {token.revokedAt ? (
                    <Badge tone="red">revoked</Badge>
                  ) : (
                    <Badge tone="green">active</Badge>
                  )}
                </td>
                <td className="py-1.5">
                  {token.revokedAt ? null : <RevokeTokenButton id={token.id} team={token.team} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

const STATUS_TONES = { pending: "amber", approved: "green", rejected: "red" } as const;

type Checks = Awaited<ReturnType<typeof submissionChecks>>;

/** Each listed submission's checks against its benchmark's rules, by id. */
async function checksOf(db: Db, rows: readonly SubmissionPreview[]): Promise<Map<number, Checks>> {
  const ids = [...new Map(rows.map((row) => [row.id, row])).values()];
  return new Map(
    await Promise.all(
      ids.map(
        async (row) =>
          [row.id, await submissionChecks(db, benchmarkIdOf(row.benchmark), row.id)] as const,
      ),
    ),
  );
}

/** The submissions with their checks against their benchmark's rules, the moderator's first question, and their names that read as another team's. */
function SubmissionTable({
  rows,
  checks,
  confusables,
  testId,
  label,
}: {
  rows: SubmissionPreview[];
  checks: Map<number, Checks>;
  confusables: ReadonlyMap<number, ConfusableName[]>;
  testId: string;
  label: string;
}) {
  return (
    <ScrollRegion label={label} className="rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-3 py-2">Submission</th>
            <th className="px-3 py-2">Team</th>
            <th className="px-3 py-2">Uploaded</th>
            <th className="px-3 py-2 text-right">Samples</th>
            <th
              className="px-3 py-2 text-right"
              title="Its board's columns, its primary metric first"
            >
              Figures
            </th>
            <th className="px-3 py-2">Rules</th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2">Decision</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-slate-200 align-top"
              data-testid="moderation-row"
              data-id={row.id}
              data-model={row.model}
            >
              <td className="px-3 py-2">
                <Link href={`/s/${row.id}`} className="font-medium text-indigo-700 hover:underline">
                  <bdi>{row.model}</bdi>
                </Link>
                <div className="text-xs text-slate-500">
                  #{row.id} · {row.benchmark} · setting <bdi>{row.setting}</bdi>
                  {row.agent ? (
                    <>
                      {" · "}
                      <bdi>{row.agent}</bdi>
                    </>
                  ) : null}
                </div>
                {confusables.has(row.id) ? (
                  <ConfusableNames names={confusables.get(row.id)!} />
                ) : null}
              </td>
              <td className="px-3 py-2">
                {row.team === null ? (
                  <span className="text-slate-500">command line</span>
                ) : (
                  <bdi>{row.team}</bdi>
                )}
              </td>
              <td className="px-3 py-2 tabular-nums">
                {row.uploadedAt.slice(0, 16).replace("T", " ")}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{row.samples}</td>
              <td className="px-3 py-2 text-right">
                <BoardFigureList benchmark={row.benchmark} figures={row.figures} />
              </td>
              <td className="px-3 py-2" data-testid="moderation-checks">
                <ChecksBadge {...checks.get(row.id)!} />
              </td>
              <td className="px-3 py-2">
                <Badge tone={STATUS_TONES[row.status]}>{row.status}</Badge>
                {row.moderationReason ? (
                  <p className="mt-1 max-w-xs text-xs text-slate-600">{row.moderationReason}</p>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <ModerationControls id={row.id} current={row.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
