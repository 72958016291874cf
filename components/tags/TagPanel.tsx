"use client";
import { useActionState } from "react";
import { applyTag, removeTag, type TagActionResult } from "@/server/tag-actions";
import { MAX_TAG_LENGTH } from "@/lib/tags/limits";

interface TagPanelTaxonomy {
  name: string;
  source: string;
  tags: { name: string; definition: string }[];
}

const button = "rounded px-2 py-1 text-xs font-medium disabled:opacity-50";

function Outcome({ state, testId }: { state: TagActionResult | null; testId: string }) {
  if (!state) return null;
  return state.ok ? (
    <span className="text-xs text-emerald-700" role="status" data-testid={testId}>
      {state.message}
    </span>
  ) : (
    <span className="text-xs text-rose-700" role="alert" data-testid={testId}>
      {state.error}
    </span>
  );
}

/** The maintainer's controls: apply a taxonomy tag or a free tag, remove a tag. */
export function TagPanel({
  sampleId,
  tags,
  taxonomies,
}: {
  sampleId: number;
  tags: string[];
  taxonomies: TagPanelTaxonomy[];
}) {
  const [applied, apply, applying] = useActionState(applyTag, null);
  const [removed, remove, removing] = useActionState(removeTag, null);
  return (
    <div className="space-y-3" data-testid="tag-editor">
      {tags.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Remove a tag">
          {tags.map((tag) => (
            <li key={tag}>
              <form
                action={remove}
                className="inline-flex items-center gap-1 rounded bg-indigo-50 py-0.5 pl-2 pr-1 text-xs text-indigo-800 ring-1 ring-inset ring-indigo-600/20"
              >
                <input type="hidden" name="sampleId" value={sampleId} />
                <input type="hidden" name="tag" value={tag} />
                {tag}
                <button
                  type="submit"
                  disabled={removing}
                  aria-label={`Remove the tag ${tag}`}
                  className="rounded px-1 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-900"
                >
                  ×
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <Outcome state={removed} testId="tag-remove-outcome" />
      {taxonomies.length ? (
        <form
          action={apply}
          className="flex flex-wrap items-center gap-2"
          data-testid="taxonomy-tag-form"
        >
          <input type="hidden" name="sampleId" value={sampleId} />
          <label className="sr-only" htmlFor={`taxonomy-tag-${sampleId}`}>
            Taxonomy tag
          </label>
          <select
            id={`taxonomy-tag-${sampleId}`}
            name="tag"
            required
            defaultValue=""
            className="max-w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            <option value="" disabled>
              Choose a failure type…
            </option>
            {taxonomies.map((t) => (
              <optgroup key={t.name} label={`${t.name} (${t.source})`}>
                {t.tags.map((tag) => (
                  <option
                    key={tag.name}
                    value={tag.name}
                    title={tag.definition}
                    disabled={tags.includes(tag.name)}
                  >
                    {tag.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <button
            type="submit"
            disabled={applying}
            className={`${button} bg-indigo-600 text-white hover:bg-indigo-700`}
          >
            Apply
          </button>
        </form>
      ) : null}
      <form
        action={apply}
        className="flex flex-wrap items-center gap-2"
        data-testid="free-tag-form"
      >
        <input type="hidden" name="sampleId" value={sampleId} />
        <label className="flex items-center gap-2 text-xs text-slate-500">
          Free tag
          <input
            name="tag"
            type="text"
            maxLength={MAX_TAG_LENGTH + 20}
            placeholder="e.g. judge too strict"
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={applying}
          className={`${button} bg-white text-indigo-700 ring-1 ring-indigo-300 hover:bg-indigo-50`}
        >
          Add tag
        </button>
      </form>
      <Outcome state={applied} testId="tag-apply-outcome" />
    </div>
  );
}
