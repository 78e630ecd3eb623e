import { describe, expect, it } from "vitest";
import type { StyleKit, StyleKitRecord } from "../../../contract/style-kits.ts";
import type { ChatToolContext } from "./context.ts";
import { kitChoice } from "./generate-thumbnail.ts";

const kit: StyleKit = {
  palette: [{ color: "#ff7a00", share: 0.8 }],
  text: "#ffffff",
  outline: "#000000",
  highlight: null,
  headline: { case: "upper", weight: "heavy", outline: true, shadow: false, highlight: false },
  side: "left",
  faceShare: 0.2,
  font: "anton",
  baseStyle: "cartoon",
  readHeadlines: 3,
};
const record = (id: string): StyleKitRecord => ({ id, name: id, kit, sourceImageIds: [], createdAt: "", updatedAt: "" });
const ctx = (styleKitId?: string) => ({ userId: "u", styleKitId }) as ChatToolContext;
const deps = (kits: StyleKitRecord[]) => ({
  styleKits: {
    list: async () => kits,
    kitFor: async (_user: string, id: string) => {
      if (!kits.some((k) => k.id === id)) throw new Error("missing");
      return kit;
    },
  },
});

// "In my style" and the composer's My style pick (docs/product/style-kits.md).
describe("the chat's style kit choice", () => {
  it("takes the newest kit for words alone, with the kit's nearest look", async () => {
    expect(await kitChoice(deps([record("newest"), record("older")]), ctx(), { myStyle: true })).toEqual({ styleKitId: "newest", style: "cartoon" });
  });

  it("takes the kit picked in the composer, and a look the user named wins", async () => {
    expect(await kitChoice(deps([record("a"), record("b")]), ctx("b"), { myStyle: true, style: "vintage" })).toEqual({ styleKitId: "b", style: "vintage" });
    expect(await kitChoice(deps([record("a"), record("b")]), ctx("b"), {})).toEqual({ styleKitId: "b", style: "cartoon" });
  });

  it("uses no kit when none is asked for or picked, and says so when there is none to use", async () => {
    expect(await kitChoice(deps([record("a")]), ctx(), {})).toEqual({});
    await expect(kitChoice(deps([]), ctx(), { myStyle: true })).rejects.toMatchObject({ code: "not_found:style_kit" });
  });
});
