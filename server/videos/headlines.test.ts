import { createOpenAI } from "@ai-sdk/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startWireServer, type WireServer } from "../testing/wire-server.ts";
import { headlinesFrom, ruleHeadlines } from "./headlines.ts";

// Headlines from a transcript: the rules in the six languages, and a chat model behind a local chat-completions stand-in.

const logger = { warn: () => undefined };
const signal = () => new AbortController().signal;

describe("headlines by rules, in the transcript's language", () => {
  const cases: [string, string, string[]][] = [
    [
      "en",
      "So welcome back everyone. Today I tried coding for 100 days straight, and it changed everything. The first week was honestly the worst week of my life! Anyway, let's get into it.",
      ["Today I tried coding for 100 days", "The first week was honestly the worst"],
    ],
    ["es", "Hola a todos. Probé programar durante 100 días seguidos. La primera semana fue la peor de mi vida. Bueno, vamos allá.", ["Probé programar durante 100 días seguidos", "La primera semana fue la peor"]],
    ["fr", "Salut tout le monde. J'ai essayé de coder pendant 100 jours. La première semaine était la pire de ma vie ! Bon, on y va.", ["J'ai essayé de coder pendant 100 jours", "La première semaine était la pire"]],
    ["de", "Hallo zusammen. Ich habe 100 Tage lang Programmieren ausprobiert. Die erste Woche war die schlimmste meines Lebens! Also los geht's.", ["Ich habe 100 Tage lang Programmieren ausprobiert", "Die erste Woche war die schlimmste meines"]],
    ["zh", "大家好。我试了连续编程100天。第一周是我人生中最差的一周！好，我们开始吧。", ["我试了连续编程100天", "第一周是我人生中最差的一周"]],
    ["ja", "みなさんこんにちは。100日間プログラミングを続けてみた。最初の週は人生で最悪の一週間でした！では始めましょう。", ["100日間プログラミングを続けてみた", "最初の週は人生で最悪の一週間でした"]],
  ];
  for (const [language, transcript, expected] of cases) {
    it(`picks the "I tried" line and the strongest one (${language})`, () => {
      expect(ruleHeadlines(transcript)).toEqual(expected);
    });
  }

  it("takes the line with a number when no one tried anything, and at most three", () => {
    const headlines = ruleHeadlines("This camera costs 3000 dollars. It is the best camera ever made! Nobody tells you the secret, never. Really insane stuff! Bye.");
    expect(headlines).toHaveLength(3);
    expect(headlines[0]).toBe("This camera costs 3000 dollars");
    expect(headlines).toContain("It is the best camera ever made!");
  });

  it("proposes nothing from a transcript with no hook, or no words", async () => {
    expect(ruleHeadlines("Hello. Okay. So.")).toEqual([]);
    expect(ruleHeadlines("")).toEqual([]);
    expect(await headlinesFrom({ logger }, "", signal())).toEqual([]);
  });
});

describe("headlines by the chat model", () => {
  let llm: WireServer;
  let reply: (body: { messages: { role: string; content: string }[] }) => { status: number; content: string } = () => ({ status: 200, content: "" });
  beforeAll(async () => {
    llm = await startWireServer((request, res) => {
      const { status, content } = reply(JSON.parse(request.body.toString()) as { messages: { role: string; content: string }[] });
      if (status !== 200) return sendJson(res, status, { error: { message: "model overloaded" } });
      sendJson(res, 200, {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "local-model",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    });
  });
  afterAll(async () => llm?.close());
  const model = () => createOpenAI({ apiKey: "sk-local", baseURL: `${llm.url}/v1` }).chat("local-model");

  it("asks the model with the transcript and keeps at most three tidy lines", async () => {
    reply = () => ({ status: 200, content: '1. "I Coded For 100 Days"\n- The Worst Week Ever\n\n• It Changed Everything\nOne line too many' });
    const transcript = "Today I tried coding for 100 days straight. The first week was the worst.";
    expect(await headlinesFrom({ model: model(), logger }, transcript, signal())).toEqual(["I Coded For 100 Days", "The Worst Week Ever", "It Changed Everything"]);
    const sent = JSON.parse(llm.requests.at(-1)?.body.toString() ?? "{}") as { messages: { role: string; content: string }[] };
    expect(sent.messages.find((m) => m.role === "user")?.content).toBe(transcript);
    expect(sent.messages.find((m) => m.role === "system")?.content).toContain("transcript's language");
  });

  it("falls back to the rules when the model fails", async () => {
    reply = () => ({ status: 500, content: "" });
    const transcript = "Today I tried coding for 100 days straight.";
    expect(await headlinesFrom({ model: model(), logger }, transcript, signal())).toEqual(["Today I tried coding for 100 days"]);
  });
});
