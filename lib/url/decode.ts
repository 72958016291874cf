/** A percent-encoded address segment decoded, or null when it is not valid encoding (`%ZZ`, a cut UTF-8 sequence). */
export function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Whether every segment of a path is valid percent-encoding. */
export function isValidPathEncoding(path: string): boolean {
  return path.split("/").every((segment) => safeDecode(segment) !== null);
}
