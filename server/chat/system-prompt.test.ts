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
});
