/**
 * A board's "#", model and primary-metric columns stay in view while a wide table scrolls
 * sideways. From the `sm` breakpoint the model column has a fixed width, so the primary metric
 * knows where to stick (3.5 + 13 rem); on a phone only "#" and the model stick (the primary
 * metric, the first column after them, then shows without scrolling). Sticky cells need their
 * own background, or the scrolled cells show through them; the last sticky column draws the edge.
 */
const RANK = "sticky left-0 z-10 w-14 min-w-14";
const MODEL = `sticky left-14 z-10 min-w-[7rem] max-w-[11rem] break-words shadow-[1px_0_0_0_#e2e8f0] sm:w-52 sm:min-w-52 sm:max-w-52 sm:shadow-none`;
// Tailwind reads class names from the source as written: each is spelled out whole.
const PRIMARY = "sm:sticky sm:left-[16.5rem] sm:z-10 sm:shadow-[1px_0_0_0_#e2e8f0]";

export const STICKY_RANK_HEAD = `${RANK} bg-slate-50`;
export const STICKY_MODEL_HEAD = `${MODEL} bg-slate-50`;
export const STICKY_PRIMARY_HEAD = `${PRIMARY} bg-slate-50`;
/** Body cells of a row that has the `group` class (its hover colours them too). */
export const STICKY_RANK_CELL = `${RANK} bg-white group-hover:bg-slate-50`;
export const STICKY_MODEL_CELL = `${MODEL} bg-white group-hover:bg-slate-50`;
export const STICKY_PRIMARY_CELL = `${PRIMARY} bg-white group-hover:bg-slate-50`;
