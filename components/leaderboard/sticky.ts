/**
 * A board's "#" and model columns stay in view while a wide table scrolls sideways (on a
 * phone the primary metric, the first column after them, then shows without scrolling).
 * Sticky cells need their own background, or the scrolled cells show through them.
 */
const RANK = "sticky left-0 z-10 w-16 min-w-16";
const MODEL = "sticky left-16 z-10 max-w-[11rem] shadow-[1px_0_0_0_#e2e8f0] sm:max-w-none";

export const STICKY_RANK_HEAD = `${RANK} bg-slate-50`;
export const STICKY_MODEL_HEAD = `${MODEL} bg-slate-50`;
/** Body cells of a row that has the `group` class (its hover colours them too). */
export const STICKY_RANK_CELL = `${RANK} bg-white group-hover:bg-slate-50`;
export const STICKY_MODEL_CELL = `${MODEL} bg-white group-hover:bg-slate-50`;
