import { describe, expect, it } from "vitest";
import type { SceneChange } from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { languages } from "../../../contract/languages.ts";
import { closingReply } from "./closing.ts";
import { describeChanges, nearestColorName, renderNoChange } from "./edit-replies.ts";
import { renderReply } from "./replies.ts";

const moveAndRed: SceneChange[] = [
  { layer: "headline", property: "x", from: 40, to: 700 },
  { layer: "background", property: "color", from: "#1e3a8a", to: "#e63946" },
];

describe("replies written from an edit's diff", () => {
  it("says what changed, in each language", () => {
    expect(describeChanges(moveAndRed, "en")).toBe("Moved the headline to the right and made the background red.");
    expect(describeChanges(moveAndRed, "es")).toBe("Moví el titular a la derecha y puse el fondo en rojo.");
    expect(describeChanges(moveAndRed, "fr")).toBe("J'ai déplacé le titre à droite et j'ai mis le fond en rouge.");
    expect(describeChanges(moveAndRed, "de")).toBe("Ich habe die Überschrift nach rechts verschoben und den Hintergrund rot gemacht.");
    expect(describeChanges(moveAndRed, "zh")).toBe("我把标题移到了右边，把背景改成了红色。");
    expect(describeChanges(moveAndRed, "ja")).toBe("見出しを右に移動し、背景を赤にしました。");
  });

  it("names a new face, a shortened headline with its new words and an outline colour, in each language", () => {
    const changes: SceneChange[] = [
      { layer: "headline", property: "text", from: "I TRIED 100 DAYS OF CODING", to: "TRIED 100 DAYS OF CODING" },
      { layer: "headline", property: "font", from: "anton", to: "abril" },
    ];
    expect(describeChanges(changes, "en")).toBe("Shortened the headline to “TRIED 100 DAYS OF CODING” and set the headline in a classic serif font.");
    expect(describeChanges(changes, "es")).toBe("Acorté el titular a «TRIED 100 DAYS OF CODING» y puse el titular en una fuente clásica con serifa.");
    expect(describeChanges(changes, "fr")).toBe("J'ai raccourci le titre en « TRIED 100 DAYS OF CODING » et j'ai mis le titre dans une police classique à empattements.");
    expect(describeChanges(changes, "de")).toBe("Ich habe die Überschrift auf „TRIED 100 DAYS OF CODING“ gekürzt und die Überschrift in eine klassische Serifenschrift gesetzt.");
    expect(describeChanges(changes, "zh")).toBe("我把标题精简成了“TRIED 100 DAYS OF CODING”，把标题换成了经典衬线字体。");
    expect(describeChanges(changes, "ja")).toBe("見出しを「TRIED 100 DAYS OF CODING」に短くし、見出しをクラシックなセリフ書体にしました。");
    const outline: SceneChange[] = [{ layer: "headline", property: "outlineColor", from: "#260a1c", to: "#111111" }, { layer: "headline", property: "outline", from: 8, to: 12 }];
    expect(describeChanges(outline, "en")).toBe("Gave the headline a black outline.");
    expect(describeChanges(outline, "de")).toBe("Ich habe der Überschrift eine Kontur in Schwarz gegeben.");
    expect(describeChanges(outline, "ja")).toBe("見出しの縁取りを黒にしました。");
    // New words that are no shortening of the old ones are a rewrite; a style change brings its own face.
    expect(describeChanges([{ layer: "headline", property: "text", from: "I TRIED 100 DAYS OF CODING", to: "DAY 1" }], "en")).toBe("Rewrote the headline.");
    expect(describeChanges([{ layer: "background", property: "style", from: "cartoon", to: "vintage" }, { layer: "headline", property: "font", from: "anton", to: "abril" }], "en")).toBe("Switched to the vintage style.");
  });

  it("names colours by the nearest colour word and leaves out the outline a recolour brings", () => {
    expect(nearestColorName("#ff0000")).toBe("red");
    expect(nearestColorName("#ffd60a")).toBe("yellow");
    const recolour: SceneChange[] = [
      { layer: "headline", property: "color", from: "#ffffff", to: "#fe0000" },
      { layer: "headline", property: "outline", from: 8, to: 14 },
    ];
    expect(describeChanges(recolour, "en")).toBe("Made the headline red.");
  });

  it("says nothing was made or charged after a no-op edit and offers edits that show, never 'all set'", () => {
    for (const language of languages) {
      const text = renderReply(closingReply({ toolName: "editImage", output: { type: "json", value: { images: [], creditsSpent: 0, creditsLeft: 9, outcome: "no-change", changes: [] } } }), language, 1);
      expect(text, language).toBe(renderNoChange(language, 1));
      expect(text, language).not.toMatch(/all set|ready/i);
      if (language !== "en") expect(text, language).not.toMatch(/\b(the|and|charged|nothing|headline)\b/i);
    }
  });

  it("tells a finished edit by its changes instead of 'your image is ready', and an unchanged provider edit as such", () => {
    const value = { images: [image("ready", null)], creditsSpent: 1, creditsLeft: 8, creditsRefunded: 0, changes: moveAndRed };
    const text = renderReply(closingReply({ toolName: "editImage", output: { type: "json", value } }), "en", 3);
    expect(text).toContain("Moved the headline to the right and made the background red.");
    expect(text).not.toMatch(/all set|is ready|ready to use/i);
    const unchanged = { images: [image("failed", "unprocessable:no_change")], creditsSpent: 0, creditsLeft: 9, creditsRefunded: 1 };
    const said = renderReply(closingReply({ toolName: "editImage", output: { type: "json", value: unchanged } }), "en", 3);
    expect(said).toContain("handed the picture back unchanged");
    expect(said).toContain("its credits went back to you");
  });
});

function image(status: ImageRecord["status"], errorCode: string | null): ImageRecord {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    kind: "edited",
    status,
    prompt: "make it pop",
    style: "realistic",
    aspect: "16:9",
    model: "studio",
    width: 1280,
    height: 720,
    creditsSpent: 1,
    error: null,
    errorCode,
    parentId: "11111111-1111-4111-8111-111111111111",
    packId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    urls: null,
  };
}

describe("a persona swapped into a picture", () => {
  it("is named in the answer in each language", () => {
    const swapped: SceneChange[] = [{ layer: "subject", property: "persona", to: "Nova" }];
    expect(describeChanges(swapped, "en")).toBe("Put Nova in the picture.");
    expect(describeChanges(swapped, "es")).toBe("Puse a Nova en la imagen.");
    expect(describeChanges(swapped, "fr")).toBe("J'ai mis Nova dans l'image.");
    expect(describeChanges(swapped, "de")).toBe("Ich habe Nova ins Bild gesetzt.");
    expect(describeChanges(swapped, "zh")).toBe("我把Nova放进了画面。");
    expect(describeChanges(swapped, "ja")).toBe("Novaを画像に入れました。");
  });
});
