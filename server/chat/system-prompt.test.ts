import { describe, expect, it } from "vitest";
import { chatToolNames } from "../../contract/chat.ts";
import { systemPrompt } from "./system-prompt.ts";

describe("the system prompt", () => {
  it("says what each of the contract's tools is for, and names no other", () => {
    const line = systemPrompt({ language: "en", creditsLeft: 3 })
      .split("\n")
      .find((l) => l.startsWith("Tools: ")) ?? "";
    // Tool names are the line's only camelCase words.
    expect(line.match(/\b[a-z]+[A-Z]\w*\b/g)).toEqual([...chatToolNames]);
    for (const name of chatToolNames) expect(line).toMatch(new RegExp(`\\b${name} (makes|changes|puts|lists) `));
  });

  it("tells the model to answer in the message's language, and in the interface's only when the message cannot tell", () => {
    const prompt = systemPrompt({ language: "de", creditsLeft: 3 });
    expect(prompt).toMatch(/Answer in the language of the user's latest message\./);
    expect(prompt).toMatch(/too short to tell .*answer in the interface language: de \(Deutsch\)/);
  });
});
