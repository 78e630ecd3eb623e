import { describe, expect, it } from "vitest";
import { activeMention, insertMention, matchPersonas } from "./mention.ts";

const personas = [
  { handle: "chef", name: "Chef Marco" },
  { handle: "ana", name: "Ana Chavez" },
  { handle: "bob", name: "Bob" },
];

describe("@-mentions", () => {
  it("finds the mention being typed at the caret, not an e-mail or a finished one", () => {
    expect(activeMention("Put @ch", 7)).toEqual({ start: 4, query: "ch" });
    expect(activeMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMention("mail me@host", 12)).toBeNull();
    expect(activeMention("Put @chef in it", 15)).toBeNull();
  });

  it("ranks handles and names that start with the query before ones that contain it", () => {
    expect(matchPersonas(personas, "ch").map((p) => p.handle)).toEqual(["chef", "ana"]);
    expect(matchPersonas(personas, "").map((p) => p.handle)).toEqual(["chef", "ana", "bob"]);
    expect(matchPersonas(personas, "zz")).toEqual([]);
  });

  it("replaces the typed part with the handle and a space, keeping the rest", () => {
    expect(insertMention("Put @ch", 7, 4, "chef")).toEqual({ text: "Put @chef ", caret: 10 });
    expect(insertMention("Put @ch here", 7, 4, "chef")).toEqual({ text: "Put @chef here", caret: 10 });
  });
});
