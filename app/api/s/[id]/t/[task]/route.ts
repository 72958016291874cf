import { connection, NextResponse } from "next/server";
import { viewerOfRequest } from "@/server/auth";
import { getDb } from "@/db/client";
import { getTrajectory } from "@/db/queries/trajectory";
import { canViewSubmission } from "@/lib/auth/visibility";

/** GET /api/s/<id>/t/<task>?run=N — one sample with its task, ordered steps and hit log. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string; task: string }> },
) {
  await connection();
  // Next has decoded the task segment (the proxy refused invalid encoding): decoding again would misread a key holding "%".
  const { id, task: taskKey } = await params;
  const run = new URL(request.url).searchParams.get("run") ?? "0";
  if (!/^\d+$/.test(id) || !/^\d+$/.test(run)) {
    return NextResponse.json({ error: "submission id and run must be numbers" }, { status: 400 });
  }
  const trajectory = await getTrajectory(await getDb(), Number(id), taskKey, Number(run));
  if (!trajectory || !canViewSubmission(trajectory.submission, await viewerOfRequest(request))) {
    return NextResponse.json(
      { error: `no sample ${taskKey} run ${run} in submission ${id}` },
      { status: 404 },
    );
  }
  const { submission, sample, task: taskRow, text, steps, hitLog, runs } = trajectory;
  return NextResponse.json({
    submission: {
      id: submission.id,
      benchmark: submission.benchmarkId,
      model: submission.model,
      setting: submission.setting,
    },
    task: {
      taskId: taskRow.taskKey,
      // This submission's own (null: not included), never another submission's.
      question: text.question,
      goldAnswer: text.goldAnswer,
      atomicFacts: taskRow.atomicFacts,
      tier: taskRow.tier,
      category: taskRow.category,
      language: taskRow.language,
    },
    sample: { ...sample, taskId: sample.taskKey },
    runs,
    steps: steps.map((s) => s.data),
    hitLog,
  });
}
