"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { z } from "zod";
import { FIND_MAX_CHARS } from "@/lib/trajectory/reading";
import { clearHighlights, highlightPhrase } from "./highlight";
import { KeyHelp } from "./KeyHelp";
import {
  currentStep,
  goToCall,
  OPEN_STEP_EVENT,
  showStep,
  STEP_OPENED_EVENT,
  stepPageHref,
} from "./navigate";
import { isFoldable, StepFilter, type Foldable } from "./StepFilter";

const findAnswerSchema = z.object({
  q: z.string(),
  total: z.number().int(),
  matches: z.array(
    z.object({
      ordinal: z.number().int(),
      kind: z.string(),
      count: z.number().int(),
      page: z.number().int(),
      anchor: z.string(),
    }),
  ),
});
type FindAnswer = z.infer<typeof findAnswerSchema>;
type Match = FindAnswer["matches"][number];

type Search =
  | { status: "idle" }
  | { status: "searching"; q: string }
  | { status: "done"; answer: FindAnswer }
  | { status: "failed"; q: string; message: string };

function typingInField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** Where the reader is among the calls: k at call k's step, k + 0.5 after it, k − 0.5 just before it (nothing focused). */
function callPosition(): number {
  const focused = document.querySelector<HTMLElement>("li[data-step].step-focused");
  const at = focused ?? currentStep();
  if (!at) return 0.5;
  const callOf = (li: Element) => (li.id.startsWith("call-") ? Number(li.id.slice(5)) : null);
  const own = callOf(at);
  if (own !== null) return focused ? own : own - 0.5;
  const steps = Array.from(document.querySelectorAll("li[data-step]"));
  for (let i = steps.indexOf(at) - 1; i >= 0; i--) {
    const call = callOf(steps[i]);
    if (call !== null) return call + 0.5;
  }
  // Before the first call of this page: just before the page's first call.
  const firstCall = steps.map(callOf).find((c) => c !== null);
  return firstCall != null ? firstCall - 0.5 : 0.5;
}

/**
 * The reading controls of a trajectory and its keys: fold step kinds, search the transcript
 * (the find API answers which steps match, on any page; matches are highlighted and n/N walk
 * them, opening each step), jump by call, by miss and to the last gain, and the `?` list.
 * The arrow keys stay the browser's.
 */
export function TrajectoryReader({
  page,
  findUrl,
  calls,
  callPages,
  misses,
  lastGain,
  nextHref,
  previousHref,
  children,
}: {
  /** The page of steps shown: arriving on another page (a match, a call there) reads its address again. */
  page: number;
  /** The find API for this sample, with its run: `q` is appended. */
  findUrl: string;
  /** Tool calls in the whole trajectory (on every page). */
  calls: number;
  /** The page of each call (index k − 1) when the trajectory has several pages, else null. */
  callPages: readonly number[] | null;
  misses: readonly number[];
  lastGain: number | null;
  /** Where n and p go without a search: the next and previous sample, or nowhere. */
  nextHref: string | null;
  previousHref: string | null;
  children: React.ReactNode;
}) {
  const router = useRouter();
  const [hidden, setHidden] = useState<ReadonlySet<Foldable>>(new Set());
  const [phrase, setPhrase] = useState("");
  const [search, setSearch] = useState<Search>({ status: "idle" });
  const [current, setCurrent] = useState<number | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const help = useRef<HTMLDialogElement>(null);
  const navigate = useCallback((href: string) => router.push(href), [router]);

  const answer = search.status === "done" ? search.answer : null;
  // Matches in folded kinds are skipped, and said so.
  const shown: Match[] = useMemo(
    () => (answer ? answer.matches.filter((m) => !(isFoldable(m.kind) && hidden.has(m.kind))) : []),
    [answer, hidden],
  );
  const currentIndex = current === null ? -1 : shown.findIndex((m) => m.ordinal === current);

  const fetchFind = useCallback(
    async (q: string): Promise<FindAnswer> => {
      const response = await fetch(`${findUrl}&q=${encodeURIComponent(q)}`, {
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return findAnswerSchema.parse(await response.json());
    },
    [findUrl],
  );

  const runSearch = useCallback(
    async (q: string): Promise<FindAnswer | null> => {
      setCurrent(null);
      if (q.trim() === "") {
        setSearch({ status: "idle" });
        return null;
      }
      setSearch({ status: "searching", q });
      try {
        const found = await fetchFind(q);
        setSearch({ status: "done", answer: found });
        return found;
      } catch (error) {
        setSearch({
          status: "failed",
          q,
          message: error instanceof Error ? error.message : String(error),
        });
        return null;
      }
    },
    [fetchFind],
  );

  /** Moves to a match: its step on this page (opened, so the match in its body shows), or its page. */
  const goToMatch = useCallback(
    (match: Match, q: string) => {
      const step = document.querySelector<HTMLElement>(`li[data-step="${match.ordinal}"]`);
      if (!step) {
        navigate(stepPageHref(match.page, match.anchor, { find: q }));
        return;
      }
      setCurrent(match.ordinal);
      showStep(step);
      step.dispatchEvent(new CustomEvent(OPEN_STEP_EVENT));
    },
    [navigate],
  );

  // A page opened at a match (`find=` and a step's fragment) carries the search on, read from
  // the address once the page is in.
  // The reader stays mounted across pages, so folded kinds stay folded.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get("find");
    if (!q) return;
    fetchFind(q).then(
      (found) => {
        setPhrase(q);
        setSearch({ status: "done", answer: found });
        const anchor = window.location.hash.slice(1);
        const match = found.matches.find((m) => m.anchor === anchor);
        if (match) goToMatch(match, found.q);
      },
      (error: unknown) =>
        setSearch({
          status: "failed",
          q,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }, [page, fetchFind, goToMatch]);

  // Highlights follow the search, the current match and every change of the steps (a body opening).
  useEffect(() => {
    const root = list.current;
    if (!root || !answer) {
      clearHighlights();
      return;
    }
    const draw = () =>
      highlightPhrase(
        root,
        answer.q,
        current === null ? null : root.querySelector<HTMLElement>(`li[data-step="${current}"]`),
      );
    draw();
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    // Once the current step's body is in, bring its first match into view.
    const onOpened = (event: Event) => {
      if (!(event.target instanceof HTMLElement) || event.target.dataset.step !== String(current))
        return;
      const [first] = draw();
      if (first) window.scrollBy(0, first.getBoundingClientRect().top - window.innerHeight / 2);
    };
    root.addEventListener(STEP_OPENED_EVENT, onOpened);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      root.removeEventListener(STEP_OPENED_EVENT, onOpened);
    };
  }, [answer, current]);

  useEffect(() => clearHighlights, []);

  const step = useCallback(
    (delta: 1 | -1) => {
      if (!answer || shown.length === 0) return;
      const next =
        currentIndex === -1
          ? delta === 1
            ? 0
            : shown.length - 1
          : (currentIndex + delta + shown.length) % shown.length;
      goToMatch(shown[next], answer.q);
    },
    [answer, shown, currentIndex, goToMatch],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (typingInField(event.target)) return;
      const toCall = (call: number) => {
        if (call >= 1 && call <= calls) goToCall(call, callPages, navigate);
      };
      switch (event.key) {
        case "j":
        case "k": {
          // The steps shown: the reading controls may have hidden some kinds.
          const steps = Array.from(document.querySelectorAll<HTMLElement>("li[data-step]")).filter(
            (s) => s.getClientRects().length > 0,
          );
          if (steps.length === 0) return;
          event.preventDefault();
          const focused = document.querySelector<HTMLElement>("li[data-step].step-focused");
          const at = focused ? steps.indexOf(focused) : -1;
          const first = at === -1 ? steps.indexOf(currentStep() ?? steps[0]) : -1;
          const target =
            at === -1
              ? Math.max(0, first)
              : Math.min(steps.length - 1, Math.max(0, at + (event.key === "j" ? 1 : -1)));
          showStep(steps[target]);
          break;
        }
        case "c":
          toCall(Math.floor(callPosition()) + 1);
          break;
        case "C":
          toCall(Math.ceil(callPosition()) - 1);
          break;
        case "m":
        case "M": {
          const at = callPosition();
          const target =
            event.key === "m" ? misses.find((c) => c > at) : misses.findLast((c) => c < at);
          if (target !== undefined) toCall(target);
          break;
        }
        case "l":
          if (lastGain !== null) toCall(lastGain);
          break;
        case "/":
          event.preventDefault();
          input.current?.focus();
          break;
        case "n":
          if (answer && shown.length) step(1);
          else if (nextHref) router.push(nextHref);
          break;
        case "N":
          if (answer && shown.length) step(-1);
          break;
        case "p":
          if (previousHref) router.push(previousHref);
          break;
        case "?":
          event.preventDefault();
          if (help.current?.open) help.current.close();
          else help.current?.showModal();
          break;
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [
    router,
    navigate,
    calls,
    callPages,
    misses,
    lastGain,
    answer,
    shown.length,
    step,
    nextHref,
    previousHref,
  ]);

  const inHidden = answer ? answer.matches.length - shown.length : 0;
  const status =
    search.status === "searching"
      ? "Searching…"
      : search.status === "failed"
        ? `Could not search: ${search.message}`
        : answer
          ? answer.matches.length === 0
            ? "No match"
            : `${currentIndex === -1 ? "" : `Step ${currentIndex + 1} of `}${shown.length} ${shown.length === 1 ? "step" : "steps"} with a match · ${answer.total} ${answer.total === 1 ? "match" : "matches"}${inHidden ? ` (${inHidden} ${inHidden === 1 ? "step" : "steps"} hidden)` : ""}`
          : "";

  return (
    <div data-hidden-kinds={[...hidden].join(" ")} data-testid="step-filter">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <StepFilter hidden={hidden} onChange={setHidden} />
        <button
          type="button"
          onClick={() => help.current?.showModal()}
          className="rounded px-2 py-1 text-sm text-indigo-700 hover:underline"
          data-testid="show-keys"
        >
          Keys <kbd className="font-mono">?</kbd>
        </button>
      </div>
      <form
        role="search"
        className="mb-3 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void runSearch(phrase).then((found) => {
            const first = found?.matches.find((m) => !(isFoldable(m.kind) && hidden.has(m.kind)));
            if (found && first) goToMatch(first, found.q);
          });
        }}
      >
        <label htmlFor="transcript-find" className="text-sm text-slate-700">
          Search this transcript
        </label>
        <input
          ref={input}
          id="transcript-find"
          type="search"
          value={phrase}
          maxLength={FIND_MAX_CHARS}
          onKeyDown={(event) => {
            // Esc leaves the box with the search kept, for n / N (a search box would clear itself).
            if (event.key === "Escape") {
              event.preventDefault();
              event.currentTarget.blur();
            }
          }}
          onChange={(event) => {
            setPhrase(event.target.value);
            if (event.target.value === "") void runSearch("");
          }}
          placeholder="a word, a URL, a figure… (/)"
          className="w-64 rounded border border-slate-300 px-2 py-1 text-sm"
          data-testid="find-input"
        />
        <button
          type="submit"
          className="rounded bg-indigo-600 px-3 py-1 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Find
        </button>
        <button
          type="button"
          onClick={() => step(-1)}
          disabled={!shown.length}
          className="rounded px-2 py-1 text-sm ring-1 ring-slate-300 ring-inset disabled:opacity-50"
          aria-label="Previous match (N)"
          data-testid="find-previous"
        >
          ↑
        </button>
        <button
          type="button"
          onClick={() => step(1)}
          disabled={!shown.length}
          className="rounded px-2 py-1 text-sm ring-1 ring-slate-300 ring-inset disabled:opacity-50"
          aria-label="Next match (n)"
          data-testid="find-next"
        >
          ↓
        </button>
        <span
          className="text-sm text-slate-700"
          role="status"
          data-testid="find-status"
          data-find-total={answer?.total ?? ""}
          data-find-steps={answer ? shown.length : ""}
          data-find-current={currentIndex === -1 ? "" : currentIndex + 1}
        >
          {status}
        </span>
      </form>
      <div ref={list}>{children}</div>
      {/* While a search walks the steps, where it is stays in view (the form scrolls away). */}
      {answer && shown.length > 0 && currentIndex !== -1 ? (
        <div
          className="fixed right-4 bottom-4 z-20 flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pr-1 pl-3 text-sm shadow-lg"
          data-testid="find-float"
          aria-hidden
        >
          <span className="tabular-nums text-slate-700">
            “{answer.q}” {currentIndex + 1} / {shown.length}
          </span>
          <button
            type="button"
            tabIndex={-1}
            onClick={() => step(-1)}
            className="min-h-6 rounded-full px-2 hover:bg-slate-100"
          >
            N ↑
          </button>
          <button
            type="button"
            tabIndex={-1}
            onClick={() => step(1)}
            className="min-h-6 rounded-full px-2 hover:bg-slate-100"
          >
            n ↓
          </button>
        </div>
      ) : null}
      <KeyHelp ref={help} />
    </div>
  );
}
