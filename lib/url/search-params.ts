/** Next's `searchParams` shape: a key may repeat. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

/** A query in Next's shape, a repeated key's values in their order. Keyed by the query's names: no prototype, so "__proto__" is an ordinary parameter. */
export function rawSearchParams(search: URLSearchParams): RawSearchParams {
  const params: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of search) {
    const seen = params[key];
    params[key] =
      seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

export function first(params: RawSearchParams, key: string): string | undefined {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  return value !== undefined && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** A fraction in [0, 1] from the URL, or null when absent or not a number. */
export function fraction(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

export function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** A query string from entries, leaving out those equal to their default. */
export function queryString(
  entries: [string, string | number | null | undefined, string | number | null][],
): string {
  const params = new URLSearchParams();
  for (const [key, value, fallback] of entries) {
    if (value === null || value === undefined || value === "" || value === fallback) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The boards' `verified=1` filter: only rows that pass every submission rule. */
export function verifiedOnly(params: RawSearchParams): boolean {
  return first(params, "verified") === "1";
}
