import { describe, expect, it } from "vitest";
import type { StyleKit } from "../../contract/style-kits.ts";
import { buildScene } from "./scene.ts";
import { editScene } from "./scene-edit.ts";
import { applyKitCase } from "./scene-kit.ts";

const kit = (headlineCase: "upper" | "mixed"): StyleKit => ({
  palette: [{ color: "#ff7a00", share: 0.7 }, { color: "#1b2a6b", share: 0.3 }],
  text: "#ffffff",
  outline: "#000000",
  highlight: null,
  headline: { case: headlineCase, weight: "heavy", outline: true, shadow: false, highlight: false },
  side: "left",
  faceShare: 0.2,
  font: "anton",
  baseStyle: "cartoon",
  readHeadlines: 3,
});

const prompt = 'thumbnail "I tried the new iPhone vs GTA VI"';
const scene = (headlineCase: "upper" | "mixed") =>
  buildScene({ prompt, style: "cartoon", aspect: "16:9", personaNames: [], seed: 5, art: [], kit: kit(headlineCase) });

describe("a kit's headline case", () => {
  it("sets a mixed-case kit's headline from the words as written, brands and acronyms kept", () => {
    expect(scene("mixed").text[0]?.text).toBe("I Tried The New iPhone Vs GTA VI");
  });

  it("keeps brands in an all-caps kit", () => {
    expect(scene("upper").text[0]?.text).toBe("I TRIED THE NEW iPhone VS GTA VI");
    expect(applyKitCase("watch my youtube channel", "upper")).toBe("WATCH MY YouTube CHANNEL");
  });

  it("records the case in the scene and keeps it through a headline edit", () => {
    const made = scene("mixed");
    expect(made.kit).toEqual({ side: "left", case: "mixed" });
    const edited = editScene(made, { headline: "my new macbook review" });
    expect(edited.text[0]?.text).toBe("My New Macbook Review");
    expect(editScene(scene("upper"), { headline: "my new macbook review" }).text[0]?.text).toBe("MY NEW MACBOOK REVIEW");
  });
});
