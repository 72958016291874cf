/**
 * Reliability over runs, where a task has k ≥ 2 runs: pass^k (every one of k runs correct)
 * beside Pass@k (at least one of k), both by the unbiased estimators over a task's n runs
 * with c correct, and consistency (the share of tasks whose runs all agree). Pure.
 */

/** C(n, k) as a float; 0 when k > n. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++)
    result = (result * (n - Math.min(k, n - k) + i)) / i;
  return result;
}

/** Unbiased pass^k of one task: C(c, k) / C(n, k). */
export function passHatOfTask(correct: number, runs: number, k: number): number {
  return binomial(correct, k) / binomial(runs, k);
}

/** Unbiased Pass@k of one task: 1 − C(n − c, k) / C(n, k). */
export function passAtOfTask(correct: number, runs: number, k: number): number {
  return 1 - binomial(runs - correct, k) / binomial(runs, k);
}

/** One task's runs: how many, how many correct. */
export interface TaskRuns {
  runs: number;
  correct: number;
}

export interface Reliability {
  /** pass^k for k = 2 … the fewest runs any task has; empty when a task has fewer than 2. */
  passHat: Record<string, number>;
  /** Pass@k for the same k. */
  passAt: Record<string, number>;
  /** Share of tasks whose runs all agree (all correct or all wrong); null below 2 runs per task. */
  consistency: number | null;
}

/**
 * Over the tasks given: k runs up to the fewest any task has, so every task counts in every
 * figure (an estimator over n < k runs does not exist).
 */
export function reliability(tasks: readonly TaskRuns[]): Reliability {
  const none: Reliability = { passHat: {}, passAt: {}, consistency: null };
  if (tasks.length === 0) return none;
  const fewest = Math.min(...tasks.map((t) => t.runs));
  if (fewest < 2) return none;
  const passHat: Record<string, number> = Object.create(null);
  const passAt: Record<string, number> = Object.create(null);
  for (let k = 2; k <= fewest; k++) {
    let hat = 0;
    let at = 0;
    for (const t of tasks) {
      hat += passHatOfTask(t.correct, t.runs, k);
      at += passAtOfTask(t.correct, t.runs, k);
    }
    passHat[k] = hat / tasks.length;
    passAt[k] = at / tasks.length;
  }
  const agreeing = tasks.filter((t) => t.correct === 0 || t.correct === t.runs).length;
  return { passHat, passAt, consistency: agreeing / tasks.length };
}
