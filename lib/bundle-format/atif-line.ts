import "server-only";
/**
 * A Seekboard-format line whose trajectory is ATIF (docs/bundle-format.md, "ATIF
 * trajectories"): `"trajectory"` (the ATIF object) or `"trajectory_file"` (a path in the
 * bundle) in place of `messages`. The line becomes an ordinary one before the benchmark's
 * format parses it: `messages` from the steps, `usage` from `final_metrics` unless the
 * line gives its own, and the trajectory's identity and references under `metadata.atif`.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, relative, resolve } from "node:path";
import { z } from "zod";
import { BundleError } from "../import/errors";
import { bundleLines, readBundleText } from "../import/lines";
import { atifToMessages, parseAtifTrajectory, type AtifTrajectory } from "../trajectory/atif";

const atifFieldsSchema = z.looseObject({
  trajectory: z.unknown().optional(),
  trajectory_file: z.unknown().optional(),
  messages: z.unknown().optional(),
  usage: z.unknown().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A path named by a line, inside the bundle; null when it points outside or names no file. */
function fileInBundle(root: string, name: string): string | null {
  const full = resolve(root, name);
  const inside = relative(root, full);
  if (inside.startsWith("..") || isAbsolute(inside)) return null;
  return existsSync(full) && statSync(full).isFile() ? full : null;
}

/** The trajectory files a bundle's results lines name (read before the import, so the bundle's hash covers them). */
export function trajectoryFilesOf(
  root: string,
  results: readonly string[],
): { name: string; path: string }[] {
  const files = new Map<string, string>();
  for (const { text } of bundleLines(root, results, "results")) {
    // Most lines name none; only those that could are parsed (the import checks every line again).
    if (!text.includes('"trajectory_file"')) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const name = atifFieldsSchema.safeParse(value).data?.trajectory_file;
    if (typeof name !== "string") continue;
    const path = fileInBundle(root, name);
    if (path) files.set(normalize(relative(root, path)), path);
  }
  return [...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, path]) => ({ name, path }));
}

/** A reference to another trajectory, and whether its file is in the bundle (it is then linked from the sample page). */
interface TrajectoryLink {
  kind: "subagent" | "continued";
  /** As the trajectory gives it. */
  ref: string;
  /** The referenced file, relative to the bundle's root, when it is in the bundle. */
  file: string | null;
  stepId: number | null;
}

function links(trajectory: AtifTrajectory, root: string, base: string): TrajectoryLink[] {
  const converted = atifToMessages(trajectory).references;
  const inBundle = (ref: string) => {
    const path = fileInBundle(root, join(base, ref));
    return path ? normalize(relative(root, path)) : null;
  };
  const out: TrajectoryLink[] = converted.subagents.map((ref) => {
    const name = ref.trajectoryPath ?? ref.trajectoryId ?? ref.sessionId ?? "";
    return {
      kind: "subagent",
      ref: name,
      file: ref.trajectoryPath ? inBundle(ref.trajectoryPath) : null,
      stepId: ref.stepId,
    };
  });
  if (converted.continued)
    out.push({
      kind: "continued",
      ref: converted.continued,
      file: inBundle(converted.continued),
      stepId: null,
    });
  return out;
}

/**
 * The line as the format reads it: unchanged when it has no ATIF trajectory. Errors name
 * the results file and line, or the trajectory file, and the field.
 */
export function resolveAtifLine(value: unknown, root: string, file: string, line: number): unknown {
  const parsed = atifFieldsSchema.safeParse(value);
  if (!parsed.success) return value;
  const { trajectory, trajectory_file: trajectoryFile, ...rest } = parsed.data;
  if (trajectory === undefined && trajectoryFile === undefined) return value;
  if (trajectory !== undefined && trajectoryFile !== undefined)
    throw BundleError.at(
      file,
      line,
      "trajectory_file",
      "give trajectory or trajectory_file, not both",
    );
  if (rest.messages !== undefined)
    throw BundleError.at(file, line, "messages", "give messages or an ATIF trajectory, not both");
  let atif: AtifTrajectory;
  let source: string | null = null;
  if (trajectoryFile !== undefined) {
    if (typeof trajectoryFile !== "string" || trajectoryFile === "")
      throw BundleError.at(file, line, "trajectory_file", "expected a path in the bundle");
    const path = fileInBundle(root, trajectoryFile);
    if (!path)
      throw BundleError.at(
        file,
        line,
        "trajectory_file",
        `${trajectoryFile} is not a file in the bundle`,
      );
    source = normalize(relative(root, path));
    const text = readBundleText(path, source, { json: true });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw BundleError.at(source, null, null, `invalid JSON: ${(error as Error).message}`);
    }
    atif = parseAtifTrajectory(json, source);
  } else {
    atif = parseAtifTrajectory(trajectory, file, line, ["trajectory"]);
  }
  const converted = atifToMessages(atif);
  const usage = Object.fromEntries(Object.entries(converted.usage).filter(([, n]) => n !== null));
  return {
    ...rest,
    messages: converted.messages,
    ...(rest.usage === undefined && Object.keys(usage).length ? { usage } : {}),
    metadata: {
      ...rest.metadata,
      atif: {
        schema_version: atif.schema_version,
        session_id: atif.session_id ?? null,
        agent: atif.agent,
        file: source,
        links: links(atif, root, source ? dirname(source) : "."),
      },
    },
  };
}
