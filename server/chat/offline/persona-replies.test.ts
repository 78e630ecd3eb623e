import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages.ts";
import { classifyPersonaError, personaLead, personaMade, personaProblem } from "./persona-replies.ts";

describe("what the offline assistant says of a persona made from a frame", () => {
  it("reads the tool's errors: a taken handle with the one to offer, no subject, anything else", () => {
    expect(classifyPersonaError("@me is taken by another of your personas. Say another handle, such as @me-2.")).toEqual({ problem: "handle-taken", handle: "me", offer: "me-2" });
    expect(classifyPersonaError("No person or object could be cut out of that frame. Try another moment.")).toEqual({ problem: "no-subject" });
    expect(classifyPersonaError({ error: "Something went wrong making this persona. Try again." })).toEqual({ problem: "other" });
  });

  it.each(languages)("(%s) names the handle made, the one taken and the one offered", (language) => {
    expect(personaLead("me", language, 1)).toContain("@me");
    const made = personaMade({ handle: "me", name: "Artist" }, language, 1);
    expect(made).toContain("@me");
    expect(made).toContain("Artist");
    const taken = personaProblem({ problem: "handle-taken", handle: "me", offer: "me-2" }, language, 1);
    expect(taken).toContain("@me ");
    expect(taken).toContain("@me-2");
    const noSubject = personaProblem({ problem: "no-subject" }, language, 1);
    if (language !== "en") expect(noSubject).not.toMatch(/\b(the|your|frame|persona was)\b/i);
  });
});
