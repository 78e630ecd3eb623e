import { type ModelMessage, streamText } from "ai";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../contract/languages.ts";
import { clearLanguage } from "./language-guess.ts";
import { createOfflineAssistant } from "./offline-assistant.ts";

/** How each language writes a balance of 5, the one phrase every balance answer contains. */
const fiveCredits: Record<Language, RegExp> = {
  en: /\b5 credits\b/,
  es: /\b5 créditos\b/,
  fr: /\b5 crédits\b/,
  de: /\b5 Credits\b/,
  zh: /5 积分/,
  ja: /5クレジット/,
};

async function answer(message: string, language: Language, system = "You are Thumbforge's assistant."): Promise<string> {
  const messages: ModelMessage[] = [{ role: "user", content: message }];
  return streamText({ model: createOfflineAssistant({ language, credits: 5 }), system, messages }).text;
}

describe("the language of the offline assistant's answer", () => {
  // [message, UI language, language of the answer]
  it.each([
    // A message clearly in one language is answered in it, whatever the UI's.
    ["wie viele Credits habe ich noch?", "en", "de"],
    ["Wie viele Credits habe ich?", "fr", "de"],
    ["kannst du mir sagen, wie viele Credits ich habe?", "es", "de"],
    ["クレジットはあと何枚?", "fr", "ja"],
    ["クレジットの残りを教えて", "en", "ja"],
    ["残りのクレジットはいくつ？", "zh", "ja"],
    ["我还有多少积分？", "en", "zh"],
    ["我的积分还剩多少", "ja", "zh"],
    ["¿cuántos créditos me quedan?", "en", "es"],
    ["cuantos creditos tengo", "de", "es"],
    ["¿Cuántos créditos tengo?", "fr", "es"],
    ["combien de crédits il me reste ?", "en", "fr"],
    ["combien de credits est-ce que j'ai", "de", "fr"],
    ["Combien de crédits me reste-t-il ?", "es", "fr"],
    ["how many credits do I have?", "fr", "en"],
    ["how many credits are left?", "de", "en"],
    ["how many credits can I spend", "ja", "en"],
    // The UI's own language stays.
    ["how many credits do I have?", "en", "en"],
    ["wie viele Credits habe ich noch?", "de", "de"],
    ["我还有多少积分？", "zh", "zh"],
    // Too little to tell: the UI language.
    ["credits?", "fr", "fr"],
    ["credits?", "de", "de"],
    ["credits?", "es", "es"],
    ["credits", "ja", "ja"],
    ["Thumbforge credits?", "zh", "zh"],
    ["👍 credits", "de", "de"],
    ["ok, credits?", "es", "es"],
    // Mixed Latin words with no clear lead: the UI language; any kana or Han: that script's language.
    ["credits bitte", "fr", "fr"],
    ["mis credits", "de", "de"],
    ["credits 积分", "en", "zh"],
    ["credits クレジット", "es", "ja"],
  ] as const)("%j in a %s UI is answered in %s", async (message, ui, expected) => {
    expect(await answer(message, ui)).toMatch(fiveCredits[expected]);
  });

  it("answers a clear message in its language over the system prompt's", async () => {
    expect(await answer("wie viele Credits habe ich noch?", "en", "Language: fr.")).toMatch(fiveCredits.de);
  });
});

describe("clearLanguage", () => {
  it.each([
    ["mach den Hintergrund dunkler", "de"],
    ["erstelle ein Bild mit einem Hund", "de"],
    ["größer bitte", "de"],
    ["hazme una miniatura de un gato", "es"],
    ["cambia el fondo a azul", "es"],
    ["¿puedes?", "es"],
    ["fais-moi une miniature avec un chat", "fr"],
    ["mets le texte en jaune", "fr"],
    ["make the headline bigger please", "en"],
    ["draw me a cat", "en"],
    ["背景を青にして", "ja"],
    ["ネコ", "ja"],
    ["把背景改成蓝色", "zh"],
    ["做一个封面", "zh"],
    ["thumbnail 猫", "zh"],
    ["ok", undefined],
    ["OK!", undefined],
    ["👍", undefined],
    ["🔥🔥🔥", undefined],
    ["Thumbforge", undefined],
    ["MrBeast", undefined],
    ["@alex", undefined],
    ["16:9", undefined],
    ["", undefined],
    ["hola", undefined],
    ["thanks", undefined],
    ["bonjour hello", undefined],
    ["hola ok", undefined],
    ["thumbnail", undefined],
    ["image", undefined],
    // French shares "la" and "en" with Spanish; its own words decide.
    ["Refais-la en carré 1:1", "fr"],
    ["Encore une en paysage 16:9", "fr"],
    ["Noch eins quadratisch 1:1", "de"],
  ] as const)("%j is %s", (message, expected) => {
    expect(clearLanguage(message)).toBe(expected);
  });
});
