"use client";

import { useState } from "react";
import { textAt, type FullTextSource } from "@/lib/trajectory/full-text";

/** One request per sample API answer, shared by every text of the page that expands from it. */
const answers = new Map<string, Promise<unknown>>();

function loadAnswer(url: string): Promise<unknown> {
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return response.json() as Promise<unknown>;
    });
    answer.catch(() => answers.delete(url));
    answers.set(url, answer);
  }
  return answer;
}

/**
 * Untrusted text (model output, tool output) shown as plain text — React escapes it,
 * nothing is ever parsed as HTML — cut at `limit` characters with a way to expand.
 * With `full`, `text` is only the preview the server sent (long trajectories stay light)
 * and the full text is fetched from the sample API the first time it is expanded.
 */
export function ExpandableText({
  text,
  limit = 800,
  testId,
  mono = false,
  full,
}: {
  text: string;
  limit?: number;
  testId?: string;
  mono?: boolean;
  full?: FullTextSource & { length: number };
}) {
  const [expanded, setExpanded] = useState(false);
  const [loaded, setLoaded] = useState<string | null>(full ? null : text);
  const [problem, setProblem] = useState<string | null>(null);
  const length = full ? full.length : text.length;
  const long = length > limit;
  const showAll = expanded && loaded !== null;
  const shown = !long ? text : showAll ? loaded : `${text.slice(0, limit)}…`;

  function toggle() {
    if (!expanded && loaded === null && full) {
      setProblem(null);
      loadAnswer(full.url)
        .then((answer) => {
          const value = textAt(answer, full.path);
          if (value === null) throw new Error("the text is not in the server's answer");
          setLoaded(value);
        })
        .catch((error: unknown) => {
          setExpanded(false);
          setProblem(`Could not load the full text: ${error instanceof Error ? error.message : String(error)}`);
        });
    }
    setExpanded(!expanded);
  }

  return (
    <div data-testid={testId}>
      <p className={`whitespace-pre-wrap break-words ${mono ? "font-mono text-xs" : ""}`}>{shown}</p>
      {long ? (
        <button type="button" onClick={toggle} className="mt-1 text-xs font-medium text-indigo-700 hover:underline" data-testid="expand-text" aria-busy={expanded && !showAll}>
          {expanded ? (showAll ? "Show less" : "Loading…") : `Show all (${length.toLocaleString("en")} characters)`}
        </button>
      ) : null}
      {problem ? (
        <p className="mt-1 text-xs text-rose-700" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
