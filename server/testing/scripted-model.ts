import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";

/** One step's answer: words (streamed a few at a time) and tool calls. */
export interface ScriptedStep {
  text?: string;
  toolCalls?: { toolName: string; input: unknown }[];
  /** A wait before the first word, as a model thinking (ended early by an abort). */
  delayMs?: number;
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};

/**
 * A language model that answers each call from `script(call)`: for tests of the chat's plumbing (streaming, tools,
 * saving, resuming) with a model that says exactly what the test needs, including hostile tool calls.
 */
export function scriptedModel(script: (call: LanguageModelV4CallOptions, step: number) => ScriptedStep, options: { chunkDelayMs?: number } = {}): LanguageModelV4 {
  let step = 0;
  const parts = (answer: ScriptedStep): LanguageModelV4StreamPart[] => {
    const out: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
    if (answer.text) {
      out.push({ type: "text-start", id: "t" });
      for (const word of answer.text.match(/\S+\s*/g) ?? []) out.push({ type: "text-delta", id: "t", delta: word });
      out.push({ type: "text-end", id: "t" });
    }
    for (const [index, call] of (answer.toolCalls ?? []).entries()) {
      out.push({ type: "tool-call", toolCallId: `call-${step}-${index}`, toolName: call.toolName, input: JSON.stringify(call.input) });
    }
    out.push({ type: "finish", usage, finishReason: { unified: answer.toolCalls?.length ? "tool-calls" : "stop", raw: undefined } });
    return out;
  };
  return {
    specificationVersion: "v4",
    provider: "test",
    modelId: "scripted",
    supportedUrls: {},
    async doGenerate() {
      throw new Error("the scripted model only streams");
    },
    async doStream(call) {
      const answer = script(call, step++);
      const queue = parts(answer);
      if (answer.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, answer.delayMs);
          call.abortSignal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async pull(controller) {
            const next = queue.shift();
            if (!next) {
              controller.close();
              return;
            }
            if (options.chunkDelayMs && next.type === "text-delta") await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
            if (call.abortSignal?.aborted) {
              controller.error(call.abortSignal.reason);
              return;
            }
            controller.enqueue(next);
          },
        }),
      };
    },
  } as LanguageModelV4;
}
