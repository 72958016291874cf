/**
 * A board's Team column: the team whose upload token submitted the run. Runs imported from
 * the command line (the demo's, published results) have no token: the maintainers added them.
 */

/** What the cell says for a run without an uploading team, explained by `TeamNote`. */
const MAINTAINERS = "maintainers";

export function TeamHeader({ className }: { className: string }) {
  return (
    <th className={className} title="The team whose upload token submitted the run">
      Team
    </th>
  );
}

/** The team's name, isolated like the model's, wrapping rather than widening the table. */
export function TeamCell({ team, className }: { team: string | null; className: string }) {
  return (
    <td
      className={`${className} min-w-20 max-w-40 break-words text-xs`}
      data-testid="team-cell"
      data-team={team ?? ""}
    >
      {team === null ? (
        <span className="italic text-slate-500">{MAINTAINERS}</span>
      ) : (
        <bdi className="text-slate-700">{team}</bdi>
      )}
    </td>
  );
}

export function TeamNote() {
  return (
    <p className="text-xs text-slate-500" data-testid="team-note">
      Team: the team whose upload token submitted the run. <i>{MAINTAINERS}</i>: added by this
      site&apos;s maintainers from the command line (the demo data and published runs), not uploaded
      by a team.
    </p>
  );
}
