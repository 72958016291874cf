/** Makes a switch over a closed union (benchmarks, step kinds) exhaustive: the compiler rejects a missing case. */
export function assertNever(value: never): never {
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}
