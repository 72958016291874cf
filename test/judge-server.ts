/**
 * A local OpenAI-compatible judge (POST /v1/chat/completions) on loopback, for tests that
 * call the real HTTP client: the unit tests start it in-process, the e2e run as a process
 * (e2e/judge-server.ts). `answer` gets the request's messages and returns the reply's text,
 * or an HTTP status to fail with.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface JudgeRequest {
  model: string;
  messages: { role: string; content: string }[];
}

export type JudgeAnswer = string | { status: number; body: string };

async function readBody(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

export function completion(content: string): string {
  return JSON.stringify({
    id: "x",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
}

export async function startJudgeServer(
  answer: (request: JudgeRequest) => JudgeAnswer | Promise<JudgeAnswer>,
  port = 0,
): Promise<{ server: Server; baseUrl: string; requests: JudgeRequest[] }> {
  const requests: JudgeRequest[] = [];
  const server = createServer(async (request, response) => {
    // OpenAI's model list: what a readiness check (Playwright's webServer) asks for.
    if (request.url === "/v1/models" && request.method === "GET") {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ object: "list", data: [{ id: "judge", object: "model" }] }));
      return;
    }
    if (request.url !== "/v1/chat/completions" || request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(request)) as JudgeRequest;
    requests.push(body);
    const reply = await answer(body);
    if (typeof reply === "string")
      response.writeHead(200, { "content-type": "application/json" }).end(completion(reply));
    else response.writeHead(reply.status, { "content-type": "text/plain" }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return { server, baseUrl: `http://127.0.0.1:${address.port}/v1`, requests };
}

/**
 * A rubric judge that reads the prompt as a model would be asked to: a run matches when a
 * step holds the rubric's last word (case-insensitive); it cites the first such step and,
 * to test that they are dropped, a step no run has.
 */
export function keywordRubricJudge(request: JudgeRequest): string {
  const user = request.messages.find((m) => m.role === "user")?.content ?? "";
  const rubric = /^Rubric: (.*)$/m.exec(user)?.[1] ?? "";
  const word = rubric.trim().split(/\s+/).pop()?.toLowerCase() ?? "";
  const step = user
    .split("\n")
    .map((line) => /^\[step (\d+)\] (.*)$/.exec(line))
    .find((m) => m !== null && word !== "" && m[2].toLowerCase().includes(word));
  return JSON.stringify(
    step
      ? { match: true, reason: `step ${step[1]} says "${word}"`, steps: [Number(step[1]), 99999] }
      : { match: false, reason: `no step says "${word}"`, steps: [] },
  );
}
