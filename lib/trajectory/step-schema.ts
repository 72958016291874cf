import { z } from "zod";
import { serpSchema, type Step } from "./steps";

const base = { role: z.string(), malformed: z.string().nullable() };

/** A stored step as the step API sends it, checked where it is read back (the browser's step bodies). */
export const stepSchema: z.ZodType<Step> = z.discriminatedUnion("kind", [
  z.object({ ...base, kind: z.literal("thought"), text: z.string() }),
  z.object({ ...base, kind: z.literal("tool_call"), callIndex: z.number().int(), name: z.string().nullable(), arguments: z.unknown(), query: z.string().nullable(), raw: z.string() }),
  z.object({ ...base, kind: z.literal("tool_result"), callIndex: z.number().int().nullable(), raw: z.string(), serp: serpSchema.nullable() }),
  z.object({ ...base, kind: z.literal("answer"), text: z.string() }),
  z.object({ ...base, kind: z.literal("other"), text: z.string() }),
]);

/** The step API's answer: `GET /api/s/<id>/t/<task>/steps/<ordinal>?run=N`. */
export const stepAnswerSchema = z.object({ ordinal: z.number().int(), step: stepSchema });
