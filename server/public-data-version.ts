/**
 * The public data version as this server process last saw it, and the validator it gives
 * public pages. A visitor's page load of a leaderboard or a trajectory carries a weak ETag
 * made of this server's start and the version (proxy.ts); a browser or a shared cache that
 * holds the page asks again with If-None-Match and gets a 304 without the page being
 * rendered while nothing visitors see has changed. The version is the `public` counter of
 * `data_versions`, which every change bumps (server/public-pages.ts, the worker): this
 * process reads it when it changes something itself and watches it for changes made by
 * other processes (server/worker-process.ts). No `server-only` mark: proxy.ts reads it, and
 * it holds no secret.
 */

interface PublicDataVersionState {
  /** Null until the first read: no validator is given meanwhile, so every page is rendered. */
  version: number | null;
  /** A page rendered by another start (another build, another database) never matches. */
  readonly start: string;
}

const STATE = Symbol.for("seekboard.publicDataVersion");

function state(): PublicDataVersionState {
  // On globalThis: the proxy, the pages and instrumentation.ts are bundled apart but share the process.
  const holder = globalThis as { [STATE]?: PublicDataVersionState };
  holder[STATE] ??= {
    version: null,
    start: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
  };
  return holder[STATE];
}

/** Records the version read from the database; an older read arriving late never moves it back. */
export function notePublicDataVersion(version: number): void {
  const s = state();
  if (s.version === null || version > s.version) s.version = version;
}

/** The weak ETag of every public page for visitors without a session, or null before the version is known. */
export function publicPageETag(): string | null {
  const { version, start } = state();
  return version === null ? null : `W/"${start}-${version}"`;
}
