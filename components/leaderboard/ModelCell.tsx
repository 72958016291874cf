import Link from "next/link";
import { AdjudicatedBadge } from "@/components/reeval/AdjudicatedBadge";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import type { BoardColumn } from "@/lib/benchmarks/board";
import { RowHistory } from "./RowHistory";
import { StandingBadges } from "./Standing";
import { UnjudgedBadge } from "./UnjudgedBadge";
import { STICKY_MODEL_CELL } from "./sticky";

/**
 * A board row's model cell, on every board: the model (a link to its submission), the
 * agent beside it (`agent`) or a line under it (`detail`), its adjudicated and unjudged
 * samples, its standing and its earlier submissions.
 */
export function ModelCell({
  row,
  primary,
  adjudicated,
  unjudged,
  agent,
  detail,
  padding,
}: {
  row: Pick<ReportBoardRow<unknown>, "submissionId" | "model" | "standing" | "history">;
  /** The board's primary column, for the earlier submissions' figures. */
  primary: BoardColumn;
  /** Samples of the row carrying a maintainer's verdict. */
  adjudicated: number;
  /** Samples without a judge verdict, where the board counts them. */
  unjudged: number | undefined;
  /** Shown beside the model. */
  agent?: string | null;
  /** Shown on a line under the model. */
  detail?: string;
  /** The cell's padding, as its table's other cells. */
  padding: string;
}) {
  return (
    <td className={`${STICKY_MODEL_CELL} ${padding}`}>
      <Link href={`/s/${row.submissionId}`} className="font-medium text-indigo-700 hover:underline">
        <bdi>{row.model}</bdi>
      </Link>
      {agent ? (
        <span className="ml-2 text-xs text-slate-500">
          <bdi>{agent}</bdi>
        </span>
      ) : null}
      <AdjudicatedBadge count={adjudicated} />
      <UnjudgedBadge count={unjudged} />
      {detail !== undefined ? (
        <span className="ml-1 block text-xs text-slate-500">{detail}</span>
      ) : null}
      <StandingBadges standing={row.standing} />
      <RowHistory history={row.history} primary={primary} />
    </td>
  );
}
