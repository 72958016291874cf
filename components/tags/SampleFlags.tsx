import { Badge } from "@/components/ui/Badge";
import { hintDefinition, type HintId } from "@/lib/hints/hints";
import { findTaxonomyTag } from "@/lib/tags/taxonomies";

/** A sample's automatic hints and maintainers' tags as badges (plain text: the row's only link is its task). */
export function SampleFlags({ hints, tags }: { hints: HintId[]; tags: string[] }) {
  if (hints.length === 0 && tags.length === 0) return null;
  return (
    <span className="ml-1 inline-flex flex-wrap gap-1 align-middle" data-testid="sample-flags">
      {hints.map((id) => {
        const hint = hintDefinition(id);
        return (
          <span key={id} data-hint={id}>
            <Badge tone="amber" title={`automatic hint: ${hint.definition}`}>
              {hint.label}
            </Badge>
          </span>
        );
      })}
      {tags.map((tag) => {
        const known = findTaxonomyTag(tag);
        return (
          <span key={tag} data-tag={tag}>
            <Badge
              tone="indigo"
              title={known ? `${known.taxonomy.name}: ${known.tag.definition}` : "free tag"}
            >
              {tag}
            </Badge>
          </span>
        );
      })}
    </span>
  );
}
