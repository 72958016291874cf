/** Display formatting shared by pages; metrics arrive as fractions in [0, 1]. */

export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? "—" : `${(value * 100).toFixed(digits)}%`;
}

export function decimal(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? "—" : value.toFixed(digits);
}

/** Half-width of a CI in percentage points, e.g. "±3.1". */
export function ciHalfWidth(lo: number | null, hi: number | null, scale = 100, digits = 1): string | null {
  if (lo === null || hi === null) return null;
  return `±${(((hi - lo) / 2) * scale).toFixed(digits)}`;
}

export function ciRange(lo: number | null, hi: number | null, asPercent = true): string | null {
  if (lo === null || hi === null) return null;
  return asPercent ? `95% CI ${percent(lo)}–${percent(hi)}` : `95% CI ${decimal(lo)}–${decimal(hi)}`;
}
