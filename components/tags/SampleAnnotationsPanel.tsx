import Link from "next/link";
import { Badge } from "@/components/ui/Badge";
import type { SampleAnnotations } from "@/db/queries/tags";
import { quoteFilterValue } from "@/lib/filter/parse";
import { hintDefinition } from "@/lib/hints/hints";
import { findTaxonomyTag, taxonomiesFor } from "@/lib/tags/taxonomies";
import { sampleQueryHref } from "@/lib/url/samples";
import { TagPanel } from "./TagPanel";

/**
 * A sample's automatic hints and failure tags on its trajectory page. Everyone who may see
 * the sample sees them; the admin also gets the controls to apply and remove tags.
 */
export function SampleAnnotationsPanel({
  submissionId,
  annotations,
  admin,
}: {
  submissionId: number;
  annotations: SampleAnnotations;
  admin: boolean;
}) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
      data-testid="sample-annotations"
      aria-label="Failure tags and hints"
    >
      <div className="flex flex-wrap items-center gap-2" data-testid="sample-hints">
        <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Automatic hints
        </h2>
        {annotations.hints.length === 0 ? <span className="text-slate-500">none</span> : null}
        {annotations.hints.map((id) => {
          const hint = hintDefinition(id);
          return (
            <Link
              key={id}
              href={sampleQueryHref(submissionId, `hint:${id}`)}
              title={hint.definition}
              data-hint={id}
            >
              <Badge tone="amber">{hint.label}</Badge>
            </Link>
          );
        })}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="sample-tags">
        <h2 className="text-xs font-medium uppercase tracking-wide text-slate-500">Failure tags</h2>
        {annotations.tags.length === 0 ? <span className="text-slate-500">none</span> : null}
        {annotations.tags.map((t) => {
          const known = findTaxonomyTag(t.tag);
          return (
            <Link
              key={t.tag}
              href={sampleQueryHref(submissionId, `tag:${quoteFilterValue(t.tag)}`)}
              title={`${known ? `${known.taxonomy.name}: ${known.tag.definition}` : "free tag"} — by ${t.actor}, ${t.createdAt.slice(0, 10)}`}
              data-tag={t.tag}
            >
              <Badge tone="indigo">{t.tag}</Badge>
            </Link>
          );
        })}
      </div>
      {admin ? (
        <div className="mt-3 border-t border-slate-100 pt-3">
          <TagPanel
            sampleId={annotations.sampleId}
            tags={annotations.tags.map((t) => t.tag)}
            taxonomies={taxonomiesFor(annotations.benchmarkId).map((t) => ({
              name: t.name,
              source: t.source,
              tags: t.tags.map((tag) => ({ ...tag })),
            }))}
          />
        </div>
      ) : null}
    </section>
  );
}
