import { Badge } from "@/components/ui/Badge";

/** Marks a board row whose figures count samples no judge scored as not correct. */
export function UnjudgedBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="ml-2" data-testid="unjudged-badge" data-count={count}>
      <Badge
        tone="amber"
        title="Samples without a judge verdict count as not correct: this row's figures are lower bounds, not measurements"
      >
        unjudged: {count}
      </Badge>
    </span>
  );
}
