import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Language, languages } from "../../../contract/languages.ts";
import { normalizeText } from "../../../contract/image-count.ts";
import { asksForCompare, isBareCompare } from "./compare-words.ts";
import { type IntentContext, readIntent } from "./intent.ts";
import { renderReply } from "./replies.ts";

const IMAGE = "11111111-1111-4111-8111-111111111111";
const SECOND = "22222222-2222-4222-8222-222222222222";
const withImage = (language: Language): IntentContext => ({ language, imageIds: [IMAGE, SECOND], latestBatch: [IMAGE, SECOND], attachmentIds: [] });
const fresh = (language: Language): IntentContext => ({ language, imageIds: [], latestBatch: [], attachmentIds: [] });

/** "Try this on every model" said alone, in each language (the current image), and with a topic (that topic). */
const asks: Record<Language, { bare: string[]; topic: string }> = {
  en: { bare: ["try this on every model", "Compare models", "try it on all the models please"], topic: "try a rocket launch 'TO THE MOON' on every model" },
  es: { bare: ["prueba esto en todos los modelos", "compara los modelos"], topic: "un gato astronauta con el titular 'AL ESPACIO' en todos los modelos" },
  fr: { bare: ["essaie ça sur tous les modèles", "compare les modèles"], topic: "un chat astronaute avec le titre 'DANS L'ESPACE' sur tous les modèles" },
  de: { bare: ["probier das mit allen Modellen", "Modelle vergleichen"], topic: "eine Katze als Astronautin mit der Überschrift 'INS ALL' mit allen Modellen" },
  zh: { bare: ["用所有模型试一下", "比较模型"], topic: "用所有模型做一个太空猫的封面，标题“飞向太空”" },
  ja: { bare: ["これをすべてのモデルで試して", "モデルを比較して"], topic: "宇宙を飛ぶ猫のサムネイル「宇宙へ」を全モデルで作って" },
};

/** What the chat's Compare button sends, in each language (web/locales/<language>/chat.json image.compareRequest). */
const buttonRequest = (language: Language): string =>
  (JSON.parse(readFileSync(join(process.cwd(), "web/locales", language, "chat.json"), "utf8")) as { image: { compareRequest: string } }).image.compareRequest;

describe("try this on every model, in six languages", () => {
  describe.each(languages)("%s", (language) => {
    it.each(asks[language].bare)("reads %j after a thumbnail as the current image on every model", (message) => {
      expect(readIntent(message, withImage(language))).toEqual({ kind: "compare", input: {} });
    });

    it("reads the chat's own Compare request as the current image on every model", () => {
      const request = buttonRequest(language);
      expect(asksForCompare(normalizeText(request), language)).toBe(true);
      expect(isBareCompare(normalizeText(request), language)).toBe(true);
      expect(readIntent(request, withImage(language))).toEqual({ kind: "compare", input: {} });
    });

    it("tries a topic named with it on every model, and asks what to make when there is nothing yet", () => {
      const topic = asks[language].topic;
      // What is made is the topic, without "on every model": a model would draw those words too.
      const intent = readIntent(topic, withImage(language));
      expect(intent).toEqual({ kind: "compare", input: { prompt: expect.any(String) } });
      const prompt = intent.kind === "compare" ? (intent.input.prompt ?? "") : "";
      expect(topic).toContain(prompt.replace(/^.*? /u, "").slice(0, 4));
      expect(asksForCompare(normalizeText(prompt), language)).toBe(false);
      expect(readIntent(asks[language].bare[0] ?? "", fresh(language))).toEqual({ kind: "clarify", reason: "what-to-make" });
    });

    it("says what the set costs and that failures are refunded, in the language", () => {
      const said = renderReply({ kind: "compared", summary: { models: 5, spent: 25, left: 75 } }, language, 1);
      expect(said).toContain("25");
      expect(said).toContain("75");
      if (language !== "en") expect(said).not.toMatch(/\b(credits for the set|refunded|winner)\b/);
    });
  });

  it("makes a thumbnail that only names every model: a plain generation, nothing compared", () => {
    expect(readIntent("a thumbnail ranking every model of iPhone", withImage("en")).kind).toBe("generate");
    expect(readIntent("alle Modelle des Jahres: die große Rangliste", withImage("de")).kind).not.toBe("compare");
  });

  it("takes the phrase out of the prompt, in any case and with its accents", () => {
    expect(readIntent("try a rocket launch 'TO THE MOON' on every model", withImage("en"))).toEqual({ kind: "compare", input: { prompt: "try a rocket launch 'TO THE MOON'" } });
    expect(readIntent("un chat astronaute 'DANS L'ESPACE' sur tous les modèles", withImage("fr"))).toEqual({ kind: "compare", input: { prompt: "un chat astronaute 'DANS L'ESPACE'" } });
  });

  it("leaves messages about other things alone", () => {
    for (const message of ["make a thumbnail of a castle", "which one is better?", "give me three versions", "use Flux for this one", "a thumbnail ranking every model of iPhone", "all the models of the year, ranked", "una miniatura con todos los modelos de coche", "alle Modelle des iPhone im Ranking", "所有模型的手机排行", "全モデルのランキング"]) {
      expect(readIntent(message, withImage("en")).kind).not.toBe("compare");
    }
  });
});
