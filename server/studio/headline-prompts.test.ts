import { describe, expect, it } from "vitest";
import { fallbackHeadlines, HOOK_MAX_CJK_CHARS, topicHeadline } from "../../contract/headline-hook.ts";
import { headlineFromPrompt } from "./headline.ts";

/**
 * Prompts as creators write them, in the six languages, with the headline each must get. `null` marks a follow-up
 * that is only an instruction: no headline comes from it (the Studio prints a plain "watch this" if it is ever sent
 * alone; the chat makes the last thumbnail again instead, see server/chat/offline/intent.test.ts).
 */
const prompts: readonly (readonly [string, string | null])[] = [
  // English: topics behind request words, style and size
  ["GAMING THUMBNAIL FOR MY MINECRAFT HARDCORE SURVIVAL SERIES", "MINECRAFT HARDCORE SURVIVAL"],
  ["gaming thumbnail for my minecraft hardcore series", "MINECRAFT HARDCORE"],
  ["youtube thumbnail for my cooking channel, homemade ramen in 20 minutes", "HOMEMADE RAMEN IN 20 MINUTES"],
  ["make a cartoon thumbnail for my video about the best budget gaming setup", "BEST BUDGET GAMING SETUP"],
  ["square thumbnail about budget travel in Japan", "BUDGET TRAVEL IN JAPAN"],
  ["cartoon style thumbnail for shorts about cats vs dogs", "CATS VS DOGS"],
  ["make me a realistic thumbnail showing a guy reacting to a haunted house, 16:9", "GUY REACTING TO HAUNTED HOUSE"],
  ["Make 3 thumbnails for my podcast episode with a neuroscientist about sleep", "NEUROSCIENTIST ABOUT SLEEP"],
  ["thumbnail: iphone 17 pro review after 6 months", "iPhone 17 PRO REVIEW AFTER 6 MONTHS"],
  ["can you make a thumbnail for my fitness video? I lost 20 pounds in 8 weeks", "I LOST 20 POUNDS IN 8 WEEKS"],
  ["vlog thumbnail - first day in New York", "FIRST DAY IN NEW YORK"],
  ["Create a thumbnail. Topic: investing $100 a month for 10 years", "INVESTING $100 A MONTH"],
  ["i need a thumbnail for a video where i build a house out of lego", "BUILD HOUSE OUT OF LEGO"],
  // English: figures stay whole
  ["how I paid off $50,000 of debt", "PAID OFF $50,000 OF DEBT"],
  ["make a thumbnail: how I paid off $50,000 of debt in 2 years and what I learned", "PAID OFF $50,000 OF DEBT"],
  ["my $1,000,000 mansion tour", "MY $1,000,000 MANSION TOUR"],
  ["1,000,000 subscribers special", "1,000,000 SUBSCRIBERS SPECIAL"],
  ["I lost 10 kg in 30 days", "I LOST 10 KG IN 30 DAYS"],
  ["100 days in minecraft hardcore", "100 DAYS IN MINECRAFT HARDCORE"],
  ["we spent 24 hours in the world's smallest hotel room", "WE SPENT 24 HOURS"],
  ["3 ways to save money", "3 WAYS TO SAVE MONEY"],
  ["make money online with AI", "MAKE MONEY ONLINE WITH AI"],
  ["do 100 pushups a day for 30 days", "DO 100 PUSHUPS A DAY"],
  ["make three cartoon thumbnails of a dragon", "DRAGON"],
  // English: long titles lose their tail clause, never end on "for the"
  ["thumbnail for my video about 10 morning habits that changed my life forever", "10 MORNING HABITS"],
  ["I quit my 9-5 job to travel the world for a year and here is what happened", "I QUIT MY 9-5 JOB"],
  ["how to grow your channel from 0 to 100,000 subscribers in 2026", "HOW TO GROW YOUR CHANNEL"],
  ["I tried sushi for the first time in Tokyo and it was not what I expected", "I TRIED SUSHI"],
  ["Why I stopped using Windows after 20 years", "STOPPED USING WINDOWS AFTER 20 YEARS"],
  ["top 10 anime fights of all time", "TOP 10 ANIME FIGHTS"],
  ["Create a YouTube thumbnail about learning Rust in a weekend. Red background.", "LEARNING RUST IN A WEEKEND"],
  // English: follow-ups that are only instructions
  ["same thing but for shorts", null],
  ["three versions with a blue headline", null],
  ["make it square", null],
  ["make a thumbnail", null],
  ["make the headline bigger", null],
  ["give me three versions", null],
  ["again but cartoon", null],
  ["same but 9:16", null],
  ["one more with a red background", null],
  ["make it vertical for tiktok", null],
  ["now in cartoon style", null],
  // Spanish
  ["hazme una miniatura para mi canal de cocina: paella en 30 minutos", "PAELLA EN 30 MINUTOS"],
  ["miniatura de YouTube sobre cómo gané $10,000 con mi primer negocio online", "GANÉ $10,000"],
  ["hazme una miniatura sobre cómo ahorré €1.200 en un mes", "AHORRÉ €1.200"],
  ["crea una portada para mi video de recetas veganas fáciles, estilo cartoon", "RECETAS VEGANAS FÁCILES"],
  ["portada para mi vídeo: probé la dieta keto durante 30 días y esto pasó", "PROBÉ LA DIETA KETO"],
  ["portada estilo anime sobre los 5 mejores juegos de terror del año", "5 MEJORES JUEGOS DE TERROR"],
  ["quiero una miniatura cuadrada sobre mi rutina de gimnasio", "MI RUTINA DE GIMNASIO"],
  ["miniatura: 5 errores en tres días", "5 ERRORES EN TRES DÍAS"],
  ["lo mismo pero para shorts", null],
  ["tres versiones con un titular azul", null],
  // French
  ["fais une miniature sur comment j'ai économisé 10 000 € en un an", "ÉCONOMISÉ 10 000 €"],
  ["miniature YouTube pour ma vidéo : 7 jours sans téléphone", "7 JOURS SANS TÉLÉPHONE"],
  ["miniature carrée : 5 erreurs de débutant en photo", "5 ERREURS DE DÉBUTANT"],
  ["une miniature style dessin animé sur la cuisine française facile", "CUISINE FRANÇAISE FACILE"],
  ["fais-moi une miniature pour ma vidéo sur mon voyage au Japon", "MON VOYAGE AU JAPON"],
  ["la même chose mais pour les shorts", null],
  ["trois versions avec un titre bleu", null],
  // German
  ["Erstelle ein Thumbnail für mein Video: 30 Tage ohne Zucker", "30 TAGE OHNE ZUCKER"],
  ["erstelle ein Thumbnail: Wie ich 10 kg in 30 Tagen abgenommen habe", "10 KG IN 30 TAGEN ABGENOMMEN"],
  ["Thumbnail für meinen Kanal über Gartenarbeit im Frühling, quadratisch", "GARTENARBEIT IM FRÜHLING"],
  ["mach ein Vorschaubild im Comicstil über 5 Fehler beim Autokauf", "5 FEHLER BEIM AUTOKAUF"],
  ["mach mir ein Vorschaubild über meine Reise nach Island im Hochformat", "MEINE REISE NACH ISLAND"],
  ["Ich brauche ein Thumbnail für mein Video über 1.000 € sparen in 3 Monaten", "1.000 € SPAREN IN 3 MONATEN"],
  ["das gleiche aber für Shorts", null],
  ["drei Versionen mit einer blauen Überschrift", null],
  // Chinese
  ["做一个关于减肥30天挑战的封面", "减肥30天挑战"],
  ["帮我做一张竖屏的缩略图，主题是上海美食探店", "上海美食探店"],
  ["卡通风格的封面：我花了100万日元环游日本", "我花了100万日元环游日本"],
  ["东京旅行vlog的封面，卡通风格", "东京旅行"],
  ["我如何在一年内还清了50万元的债务，以及我学到的东西", "还清50万元的债务"],
  ["请帮我做一个编程入门的缩略图", "编程入门"],
  ["猫咪第一次见到雪的反应", "猫咪第一次见到雪的反应"],
  ["同样的但是竖屏", null],
  ["帮我生成一个卡通风格的封面", null],
  ["三个版本，蓝色标题", null],
  // Japanese
  ["YouTube用のサムネイルを作って：初心者向けPython講座", "初心者向けPYTHON講座"],
  ["ダイエット30日チャレンジのサムネ", "ダイエット30日チャレンジ"],
  ["100万円貯金するまでの記録のサムネイルをアニメ風で作ってください", "100万円貯金するまでの記録"],
  ["東京で一番おいしいラーメンを探す旅のサムネイルを作って", "東京で一番おいしいラーメン"],
  ["初めてのキャンプ動画のサムネを作ってください", "初めてのキャンプ"],
  ["同じ感じでショート用に", null],
  ["3パターン作って、青い見出しで", null],
  ["縦型でもう一枚", null],
];

describe("headlines from creators' prompts", () => {
  it("covers at least sixty prompts", () => {
    expect(prompts.length).toBeGreaterThanOrEqual(60);
  });

  it.each(prompts)("%s → %s", (prompt, expected) => {
    if (expected === null) {
      expect(topicHeadline(prompt)).toBeUndefined();
      expect(Object.values(fallbackHeadlines)).toContain(headlineFromPrompt(prompt).text);
      return;
    }
    const headline = headlineFromPrompt(prompt).text;
    expect(headline).toBe(expected);
    if (!headline.includes(" ")) expect([...headline].length).toBeLessThanOrEqual(HOOK_MAX_CJK_CHARS);
  });
});
