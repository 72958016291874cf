import "server-only";
/**
 * A re-judge or re-score is shown to the maintainer before it is applied. The preview
 * travels to the browser and back as a signed token, so applying it neither trusts the
 * form nor runs the judge a second time (an LLM might answer differently). Pure.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const PROPOSAL_TTL_MS = 30 * 60 * 1000;

export const proposalSchema = z.object({
  sampleId: z.number().int().positive(),
  action: z.enum(["rejudge", "rescore"]),
  judge: z.string(),
  judgeConfig: z.record(z.string(), z.unknown()).nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  rationale: z.string().nullable(),
  createdAt: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

function mac(secret: string, payload: string): Buffer {
  const key = createHmac("sha256", secret).update("seekboard re-evaluation proposal v1").digest();
  return createHmac("sha256", key).update(payload).digest();
}

export function signProposal(secret: string, proposal: Proposal): string {
  const payload = Buffer.from(JSON.stringify(proposal)).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** The proposal, or why it cannot be applied. */
export function verifyProposal(
  secret: string,
  token: string,
  now: Date = new Date(),
): { ok: true; proposal: Proposal } | { ok: false; error: string } {
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !timingSafeEqual(Buffer.from(match[2], "base64url"), mac(secret, match[1])))
    return { ok: false, error: "the preview is not one this server made; run it again" };
  const parsed = proposalSchema.safeParse(
    JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")),
  );
  if (!parsed.success) return { ok: false, error: "the preview is malformed; run it again" };
  if (now.getTime() - Date.parse(parsed.data.createdAt) > PROPOSAL_TTL_MS)
    return { ok: false, error: "the preview is more than 30 minutes old; run it again" };
  return { ok: true, proposal: parsed.data };
}
