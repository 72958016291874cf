import { Badge } from "@/components/ui/Badge";

/** Marks a leaderboard row whose figures include verdicts a maintainer set by hand. */
export function AdjudicatedBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-2" data-testid="adjudicated-badge" data-count={count}>
      <Badge
        tone="amber"
        title="Samples whose verdict a maintainer set; each has its reason in the sample's verdict history"
      >
        adjudicated: {count}
      </Badge>
    </span>
  );
}
