/**
 * Ranks that respect uncertainty: a row's rank is 1 + the number of rows significantly
 * better than it on the primary metric, by a seeded paired bootstrap over the tasks they
 * share (95%). Rows no row beats share rank 1; the relation need not be transitive (A may
 * beat C while neither beats B), and the rule stays well defined. Pure.
 */
import { DEFAULT_BOOTSTRAP, quantileSorted } from "../metrics/bootstrap";
import { SeededIndices } from "../random";

/** Means of 0/1 outcomes differ by at least 1/tasks; below this a difference is rounding. */
const EPSILON = 1e-12;

export interface RankOptions {
  resamples?: number;
  seed?: number;
  level?: number;
}

/**
 * `scores[r][t]`: row r's score on task t (its mean outcome over its runs of that task);
 * every row is scored on the same tasks, in the same order (ranked rows cover the whole
 * view). Returns `better[a][b]`: a is significantly better than b — the lower end of the
 * bootstrap interval of mean(a − b) is above 0.
 */
export function significantlyBetter(
  scores: readonly (readonly number[])[],
  options: RankOptions = {},
): boolean[][] {
  const rows = scores.length;
  const tasks = rows === 0 ? 0 : scores[0].length;
  for (const row of scores)
    if (row.length !== tasks) throw new Error("every ranked row must be scored on the same tasks");
  const none = () => scores.map(() => scores.map(() => false));
  if (rows < 2 || tasks === 0) return none();
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP.resamples;
  const alpha = (1 - (options.level ?? DEFAULT_BOOTSTRAP.level)) / 2;
  const indices = new SeededIndices(options.seed ?? DEFAULT_BOOTSTRAP.seed);
  const values = scores.map((row) => Float64Array.from(row));
  // Every row is resampled with the same task draws, so a − b per draw is the paired difference.
  const means = scores.map(() => new Float64Array(resamples));
  const picks = new Uint32Array(tasks);
  for (let r = 0; r < resamples; r++) {
    indices.fill(picks, tasks);
    for (let row = 0; row < rows; row++) {
      const v = values[row];
      let sum = 0;
      for (let i = 0; i < tasks; i++) sum += v[picks[i]];
      means[row][r] = sum / tasks;
    }
  }
  const better = none();
  const differences = new Float64Array(resamples);
  // The lower quantile lies between the sorted draws at `below` and `above` (type 7). With at
  // most `below` draws ≤ 0 it is above 0; with more than `above` it is not: counting decides
  // every pair but the boundary case without sorting (a board of 100 rows has 9,900 pairs).
  const position = (resamples - 1) * alpha;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  for (let a = 0; a < rows; a++) {
    for (let b = 0; b < rows; b++) {
      if (a === b) continue;
      let notAbove = 0;
      for (let r = 0; r < resamples; r++) {
        const d = means[a][r] - means[b][r];
        differences[r] = d;
        // A difference of (almost exactly) 0 in every draw — identical outcomes — is never significant.
        if (d <= EPSILON) notAbove += 1;
      }
      if (notAbove <= below) better[a][b] = true;
      else if (notAbove > above) better[a][b] = false;
      else better[a][b] = quantileSorted(differences.sort(), alpha) > EPSILON;
    }
  }
  return better;
}

/** Rank of each row: 1 + the rows significantly better than it. Ties share a rank; ranks may skip. */
export function significanceRanks(
  scores: readonly (readonly number[])[],
  options: RankOptions = {},
): number[] {
  const better = significantlyBetter(scores, options);
  return scores.map((_, row) => 1 + better.filter((beats) => beats[row]).length);
}
