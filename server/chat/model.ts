import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import type { Config } from "../config.ts";

/**
 * The chat's language model: with OPENAI_API_KEY, CHAT_MODEL through the OpenAI chat-completions API (so any
 * OpenAI-compatible server behind OPENAI_BASE_URL works); without one, the offline assistant, which needs no network.
 */
export function chatModelFor(config: Config["chat"], offline: () => LanguageModel): () => LanguageModel {
  if (!config.openaiApiKey) return offline;
  const provider = createOpenAI({ apiKey: config.openaiApiKey, ...(config.openaiBaseUrl ? { baseURL: config.openaiBaseUrl } : {}) });
  const model = provider.chat(config.model);
  return () => model;
}
