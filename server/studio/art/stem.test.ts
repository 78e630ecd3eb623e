import { describe, expect, it } from "vitest";
import { stem } from "./stem.ts";

describe("stem", () => {
  it.each([
    ["en", ["recipe", "recipes"]],
    ["en", ["game", "games", "gaming"]],
    ["en", ["cook", "cooks", "cooking", "cooked"]],
    ["en", ["city", "cities"]],
    ["en", ["box", "boxes"]],
    ["es", ["receta", "recetas"]],
    ["es", ["perro", "perra", "perros"]],
    ["es", ["cancion", "canciones"]],
    ["fr", ["recette", "recettes"]],
    ["fr", ["jeu", "jeux"]],
    ["de", ["rezept", "rezepte", "rezepten"]],
    ["de", ["katze", "katzen"]],
    ["de", ["auto", "autos"]],
  ] as const)("%s: %j meet", (lang, words) => {
    const stems = new Set(words.map((w) => stem(w, lang)));
    expect(stems.size).toBe(1);
  });

  it("keeps different words apart and short words whole", () => {
    expect(stem("cat", "en")).toBe("cat");
    expect(stem("bus", "en")).toBe("bus");
    expect(stem("glass", "en")).not.toBe(stem("gas", "en"));
    expect(stem("car", "en")).not.toBe(stem("card", "en"));
  });
});
