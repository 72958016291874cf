/** The cost–accuracy frontier of a leaderboard's submissions, as HAL draws it. */

export interface CostPoint {
  id: number;
  cost: number;
  accuracy: number;
}

/**
 * The cost–accuracy frontier: lower cost and higher accuracy are better, and the frontier is
 * the upper-left convex hull of the points, as HAL (the Holistic Agent Leaderboard) draws it.
 *
 * 1. **Dominance.** A point is dominated when another costs no more and is no less accurate,
 *    and is better on one of the two. Of points tied on cost, only the most accurate can stay;
 *    of equal points (same cost and accuracy) exactly one stays, the lowest id.
 * 2. **Hull.** Of the points left, which rise in accuracy as cost rises, the frontier keeps the
 *    vertices of their upper convex hull: a point is dropped when the segment between its
 *    neighbours passes above it (its accuracy is bought at a worse rate than mixing the two
 *    around it would give). A point exactly on that segment (collinear) is dropped as well,
 *    as in HAL's hull: the line drawn is the same, and the frontier is its corners. Collinearity
 *    is judged with a relative tolerance of 1e-9, so that decimal data such as (1, 0.1),
 *    (2, 0.2), (3, 0.3) is collinear although 0.3 − 0.1 ≠ 0.2 in floating point.
 *
 * Returns the frontier's points ordered by cost ascending (accuracy then rises strictly).
 * Costs and accuracies must be finite numbers; anything else is a caller's error and throws.
 */
export function paretoFrontier(points: readonly CostPoint[]): CostPoint[] {
  for (const p of points) {
    if (!Number.isFinite(p.cost) || !Number.isFinite(p.accuracy)) {
      throw new RangeError(
        `paretoFrontier: point ${p.id} has cost ${p.cost} and accuracy ${p.accuracy}; both must be finite`,
      );
    }
  }
  const sorted = [...points].sort(
    (a, b) => a.cost - b.cost || b.accuracy - a.accuracy || a.id - b.id,
  );

  // Walking up the cost axis, a point survives only if it beats every cheaper-or-equal point's accuracy.
  const undominated: CostPoint[] = [];
  for (const p of sorted) {
    const last = undominated.at(-1);
    if (last === undefined || p.accuracy > last.accuracy) undominated.push(p);
  }

  // Andrew's monotone chain, upper side: the chain must turn clockwise at every corner.
  const hull: CostPoint[] = [];
  for (const p of undominated) {
    while (hull.length >= 2 && !turnsClockwise(hull[hull.length - 2], hull[hull.length - 1], p))
      hull.pop();
    hull.push(p);
  }
  return hull;
}

/** Whether o → a → b turns clockwise (a lies strictly above the segment o–b), beyond rounding. */
function turnsClockwise(o: CostPoint, a: CostPoint, b: CostPoint): boolean {
  const left = (a.cost - o.cost) * (b.accuracy - o.accuracy);
  const right = (a.accuracy - o.accuracy) * (b.cost - o.cost);
  return right - left > 1e-9 * (Math.abs(left) + Math.abs(right));
}
