/**
 * The e2e run's LLM judge: the tests' local OpenAI-compatible server (test/judge-server.ts)
 * as a process on E2E_JUDGE_PORT, answering rubric prompts with its keyword judge. The app
 * reaches it through SEEKBOARD_JUDGE_BASE_URL (playwright.config.ts).
 */
import { keywordRubricJudge, startJudgeServer } from "../test/judge-server";

const port = Number(process.env.E2E_JUDGE_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("set E2E_JUDGE_PORT");
void startJudgeServer(keywordRubricJudge, port).then(({ baseUrl }) =>
  console.log(`e2e judge at ${baseUrl}`),
);
