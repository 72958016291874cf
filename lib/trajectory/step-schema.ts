import { z } from "zod";
import { storedStepSchema } from "./steps";

/** The step API's answer (`GET /api/s/<id>/t/<task>/steps/<ordinal>?run=N`), checked where the browser reads it back. */
export const stepAnswerSchema = z.object({ ordinal: z.number().int(), step: storedStepSchema });
