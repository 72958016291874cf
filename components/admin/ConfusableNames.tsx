import type { ConfusableName } from "@/db/queries/moderation";
import { describeCodePoints, nameDifference } from "@/lib/import/confusables";

/** A name with the part that differs from the other name marked, isolated from the text around it. */
function Marked({ prefix, part, suffix }: { prefix: string; part: string; suffix: string }) {
  return (
    <bdi className="font-mono">
      {prefix}
      <mark className="rounded-sm bg-amber-200 px-px text-amber-950">{part}</mark>
      {suffix}
    </bdi>
  );
}

const codePoints = (text: string) =>
  text === "" ? "nothing" : describeCodePoints(text).join(", ");

/**
 * A pending submission's names that read as another team's (`GPT-4о-search`, Cyrillic о,
 * beside `GPT-4o-search`): both names with the differing characters marked and named by
 * code point, so the moderator sees what a visitor would not.
 */
export function ConfusableNames({ names }: { names: readonly ConfusableName[] }) {
  return (
    <div
      className="mt-2 max-w-md rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950"
      data-testid="confusable-names"
    >
      <p className="font-semibold">Reads as another team&apos;s name</p>
      <ul className="mt-1 space-y-1.5">
        {names.map((n) => {
          const d = nameDifference(n.name, n.other);
          return (
            <li
              key={`${n.field}:${n.other}`}
              data-testid="confusable-name"
              data-field={n.field}
              data-other-id={n.otherId}
            >
              {n.field} <Marked prefix={d.prefix} part={d.a} suffix={d.suffix} /> looks like{" "}
              <Marked prefix={d.prefix} part={d.b} suffix={d.suffix} /> (#{n.otherId},{" "}
              {n.otherTeam === null ? (
                "command line"
              ) : (
                <>
                  team <bdi>{n.otherTeam}</bdi>
                </>
              )}
              , {n.otherStatus})
              <span className="block">
                This one has {codePoints(d.a)} where the other has {codePoints(d.b)}.
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
