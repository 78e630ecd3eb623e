import { describe, expect, it } from "vitest";
import { isArtId } from "./art-svg.ts";
import { keywordIndex } from "./keyword-index.ts";
import { findArt, pickArt, reactionFaces } from "./pick-art.ts";
import { promptTable } from "./prompt-table.ts";
import { topics } from "./topics.ts";

const ids = (prompt: string, max?: number) => pickArt(prompt, max === undefined ? {} : { max }).map((p) => p.id);

describe("pickArt over the prompt table", () => {
  it("shows an acceptable object first for at least 90 % of the prompts, in every language", () => {
    const misses: string[] = [];
    for (const { prompt, accept, lang } of promptTable) {
      const first = pickArt(prompt)[0];
      if (!first || !accept.includes(first.id)) misses.push(`${lang} ${prompt} → ${first?.id ?? "nothing"}`);
    }
    const good = promptTable.length - misses.length;
    console.log(`art picks: ${good}/${promptTable.length} = ${Math.round((100 * good) / promptTable.length)}%`, misses);
    expect(promptTable.length).toBeGreaterThanOrEqual(60);
    for (const lang of ["en", "es", "fr", "de", "zh", "ja"]) expect(promptTable.filter((c) => c.lang === lang).length).toBeGreaterThanOrEqual(10);
    expect(good / promptTable.length).toBeGreaterThanOrEqual(0.9);
  });

  it("names only objects the art set can draw, in the table and in the topics", () => {
    for (const id of [...promptTable.flatMap((c) => c.accept), ...topics.flatMap((t) => t.ids)]) expect(isArtId(id), id).toBe(true);
  });
});

describe("pickArt", () => {
  it("explains each pick with the prompt's word as written", () => {
    expect(pickArt("best budget gaming setup")).toEqual([
      { id: "video-game", name: "video game", word: "gaming" },
      { id: "desktop-computer", name: "desktop computer", word: "setup" },
      { id: "money-bag", name: "money bag", word: "budget" },
    ]);
  });

  it("meets plurals and inflections in English, Spanish, French and German", () => {
    for (const prompt of ["recipes", "Recetas", "RECETTES", "Rezepte", "Kochrezepte"]) expect(ids(prompt)[0], prompt).toBe("cooking");
    expect(ids("dogs")[0]).toBe("dog");
    expect(ids("perros")[0]).toBe("dog");
    expect(ids("Hunde")[0]).toBe("dog");
    expect(ids("guitares")[0]).toBe("guitar");
  });

  it("folds case and accents", () => {
    expect(ids("programación")).toEqual(ids("PROGRAMACION"));
    expect(ids("CAFÉ")[0]).toBe("hot-beverage");
    expect(ids("Fußball")).toEqual(ids("fussball"));
    expect(ids("Fußball")[0]).toBe("soccer-ball");
  });

  it("finds CJK keywords inside text with no word breaks, the longer keyword first", () => {
    expect(pickArt("今天教大家做一道家常菜")[0]).toMatchObject({ id: "cooking", word: "家常菜" });
    expect(pickArt("最強のゲーミングPCを組んでみた")[0]).toMatchObject({ id: "desktop-computer", word: "ゲーミングPC" });
    expect(pickArt("人気ラーメン店を食べ歩き")[0]).toMatchObject({ id: "steaming-bowl", word: "ラーメン" });
  });

  it("reads German compounds by their last noun, else their first", () => {
    expect(pickArt("Mein Traumauto")[0]).toMatchObject({ id: "automobile", word: "Traumauto" });
    expect(ids("Geldanlage für Anfänger")[0]).toBe("money-bag");
  });

  it("shows an amount of money as money, behind the thing it buys", () => {
    expect(pickArt("$5 vs $500 headphones").map((p) => [p.id, p.word])).toEqual([
      ["headphone", "headphones"],
      ["money-bag", "$5"],
      ["coin", "$500"],
    ]);
    expect(pickArt("10万円")[0]).toMatchObject({ id: "money-bag", word: "10万円" });
  });

  it("matches a short katakana keyword only as a whole word", () => {
    expect(ids("スパで癒される")[0]).toBe("person-getting-massage");
    expect(ids("コスパ最強のイヤホン")).toEqual(["headphone"]);
  });

  it("takes emoji typed in the prompt, whatever their skin tone, and never a flag or keycap", () => {
    expect(pickArt("🎮🔥 setup").map((p) => [p.id, p.word])).toEqual([
      ["video-game", "🎮"],
      ["fire", "🔥"],
      ["desktop-computer", "setup"],
    ]);
    expect(ids("my 🧑🏽‍💻 era")).toEqual(["technologist"]);
    expect(ids("👨‍🍳 tips")).toEqual(["cooking"]);
    expect(ids("🇯🇵 1️⃣ 💯")).toEqual([]);
  });

  it("prefers the longer match where two overlap", () => {
    expect(pickArt("hot dog eating contest")[0]).toMatchObject({ id: "hot-dog", word: "hot dog" });
  });

  it("never chooses a stop word, a number or a title's filler", () => {
    for (const prompt of ["the best video of my day", "I tried 100 days", "top 10 tips and tricks", "Lo que nadie te dice", "我的一天", "最高の一日"]) {
      expect(pickArt(prompt), prompt).toEqual([]);
    }
    expect(ids("I tried 100 days of coding")).toEqual(["laptop"]);
  });

  it("reads two-letter keywords only as acronyms when the prompt has capitals", () => {
    expect(ids("J'ai testé les recettes de TikTok")).not.toContain("robot");
    expect(ids("L'IA va-t-elle nous remplacer ?")[0]).toBe("robot");
    expect(ids("the future of ai")[0]).toBe("robot");
  });

  it("never draws flags, keycaps, signs, letters or skin-tone variants", () => {
    const index = keywordIndex();
    const drawn = new Set(index.entries.map((e) => e.id));
    // The set has no country flags; these are the flags, keycaps, letters, signs and tones it does have.
    for (const id of ["chequered-flag", "pirate-flag", "keycap-1", "input-latin-uppercase", "red-exclamation-mark", "hundred-points", "thumbs-up-dark", "no-entry"]) {
      expect(isArtId(id), id).toBe(true);
      expect(drawn.has(id), id).toBe(false);
    }
    expect(ids("pirate flag, chequered flag, 100 points, keycap, no entry")).toEqual(
      expect.not.arrayContaining(["pirate-flag", "chequered-flag", "hundred-points", "keycap-1", "no-entry"]),
    );
  });

  it("gives distinct objects, at most max, the same every time", () => {
    const prompt = "gaming vs coding: my money, my laptop and my PlayStation";
    const first = pickArt(prompt);
    expect(new Set(first.map((p) => p.id)).size).toBe(first.length);
    expect(first.length).toBe(3);
    expect(pickArt(prompt)).toEqual(first);
    expect(pickArt(prompt, { max: 1 })).toEqual(first.slice(0, 1));
    expect(pickArt(prompt, { max: 0 })).toEqual([]);
  });
});

describe("findArt", () => {
  it.each([
    ["trophy", "trophy"],
    ["a trophy", "trophy"],
    ["add a fire", "fire"],
    ["añade fuego", "fire"],
    ["trofeo", "trophy"],
    ["mets une coupe", "trophy"],
    ["ajoute du feu", "fire"],
    ["Pokal", "trophy"],
    ["mehr Feuer", "fire"],
    ["换成奖杯", "trophy"],
    ["加一团火", "fire"],
    ["トロフィーに変えて", "trophy"],
    ["炎を追加", "fire"],
    ["controller", "video-game"],
    ["video-game", "video-game"],
    ["money bag", "money-bag"],
  ])("%s → %s", (word, id) => {
    expect(findArt(word)?.id).toBe(id);
  });

  it("finds nothing for a word that names nothing", () => {
    expect(findArt("please")).toBeUndefined();
    expect(findArt("")).toBeUndefined();
  });
});

describe("reactionFaces", () => {
  it("gives several drawable expressive faces for a prompt no mood fits", () => {
    const faces = reactionFaces("my new desk");
    expect(faces.length).toBeGreaterThanOrEqual(6);
    expect(faces.map((f) => f.id)).toEqual(expect.arrayContaining(["exploding-head", "star-struck", "astonished-face"]));
    expect(faces.map((f) => f.id)).not.toContain("money-mouth-face");
    for (const face of faces) expect(isArtId(face.id)).toBe(true);
  });

  it.each([
    ["grandma's secret recipe", "shushing-face"],
    ["la receta secreta de la abuela", "shushing-face"],
    ["Omas geheimes Rezept", "shushing-face"],
    ["奶奶的秘密食谱", "shushing-face"],
    ["I saved $500 in 30 days", "money-mouth-face"],
    ["j'ai économisé 500 euros", "money-mouth-face"],
    ["10万円貯めた方法", "money-mouth-face"],
    ["my laptop caught fire", "face-screaming-in-fear"],
    ["mon pire échec", "face-screaming-in-fear"],
    ["why is everyone quitting?", "thinking-face"],
    ["this is insane", "exploding-head"],
    ["震惊！", "exploding-head"],
    ["the best pasta recipe", "face-savoring-food"],
    ["簡単レシピ", "face-savoring-food"],
  ])("fits the face to the mood of %s", (prompt, face) => {
    expect(reactionFaces(prompt)[0]?.id).toBe(face);
  });

  it("does not read a mood word inside another word", () => {
    expect(reactionFaces("my show reel")[0]?.id).not.toBe("thinking-face");
  });
});
