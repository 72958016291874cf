"use client";

import { useState } from "react";

/**
 * Untrusted text (model output, tool output) shown as plain text — React escapes it,
 * nothing is ever parsed as HTML — cut at `limit` characters with a way to expand.
 */
export function ExpandableText({
  text,
  limit = 800,
  testId,
  mono = false,
}: {
  text: string;
  limit?: number;
  testId?: string;
  mono?: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > limit;
  const shown = !long || expanded ? text : `${text.slice(0, limit)}…`;
  return (
    <div data-testid={testId}>
      <p className={`whitespace-pre-wrap break-words ${mono ? "font-mono text-xs" : ""}`}>
        {shown}
      </p>
      {long ? (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          className="mt-1 text-xs font-medium text-indigo-700 hover:underline"
          data-testid="expand-text"
        >
          {expanded ? "Show less" : `Show all (${text.length.toLocaleString("en")} characters)`}
        </button>
      ) : null}
    </div>
  );
}
