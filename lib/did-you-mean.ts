/**
 * "Did you mean …?" for a misspelt name (a field of a bundle's record or manifest): the
 * known name nearest to it by edit distance, when it is near enough to be the one meant.
 * Pure.
 */

/**
 * Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`: a swap is one
 * edit, as `stauts` is one slip from `status`.
 */
export function editDistance(a: string, b: string): number {
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous = before;
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, before[j - 2] + 1);
      row.push(best);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/** Case and `_`/`-` are no edits: `taskId`, `Task-ID` and `task_id` name the same field. */
function folded(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, "");
}

/**
 * The known name `name` most likely stands for: the nearest, within a third of its length
 * (at least one edit), ties to the first given; null when none is that near or `name` is
 * itself known.
 */
export function closestName(name: string, known: Iterable<string>): string | null {
  const candidates = [...known];
  if (candidates.includes(name)) return null;
  const target = folded(name);
  const allowed = Math.max(1, Math.floor(target.length / 3));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(target, folded(candidate));
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
