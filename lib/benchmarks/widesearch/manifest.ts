/**
 * WideSearch's manifest: either native files (tasks, a folder of gold CSVs, response
 * files: the tables are scored here) or results only (the producer's per-run evaluation
 * CSVs, optionally with each run's summary JSON to check against).
 */
import { z } from "zod";
import { judgeModelField, relativeFile } from "../../import/importer";

export const wideSearchManifestSchema = z
  .object({
    benchmark: z.literal("widesearch"),
    model: z.string().trim().min(1, "model is required"),
    setting: z.string().trim().min(1).default("single-agent"),
    agent: z.string().trim().min(1).optional(),
    benchmarkVersion: z.string().trim().min(1).default("v1"),
    tasks: relativeFile.optional(),
    gold: relativeFile.optional(),
    results: z.array(relativeFile).min(1).optional(),
    evaluations: z.array(relativeFile).min(1).optional(),
    summaries: z.array(relativeFile).optional(),
    judgeModel: judgeModelField,
  })
  .superRefine((m, ctx) => {
    const native = m.tasks !== undefined || m.gold !== undefined || m.results !== undefined;
    if (native && m.evaluations)
      ctx.addIssue({
        code: "custom",
        path: ["evaluations"],
        message: "give either native files (tasks, gold, results) or evaluations, not both",
      });
    if (!native && !m.evaluations)
      ctx.addIssue({
        code: "custom",
        path: ["results"],
        message: "give native files (tasks, gold, results) or evaluations",
      });
    if (native && m.tasks === undefined && m.gold === undefined && !m.evaluations) {
      // `results` alone is most often a results-only bundle under the native files' key.
      ctx.addIssue({
        code: "custom",
        path: ["results"],
        message:
          'results names native response files, read with tasks and gold (both missing); for a results-only bundle (the per-run evaluation CSVs), did you mean "evaluations"?',
      });
    } else if (native) {
      for (const key of ["tasks", "gold", "results"] as const) {
        if (m[key] === undefined)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `${key} is required with native WideSearch files`,
          });
      }
    }
    if (m.summaries && (!m.evaluations || m.summaries.length !== m.evaluations.length)) {
      ctx.addIssue({
        code: "custom",
        path: ["summaries"],
        message: "summaries pair one to one with evaluations",
      });
    }
  });

export type WideSearchManifest = z.infer<typeof wideSearchManifestSchema>;
