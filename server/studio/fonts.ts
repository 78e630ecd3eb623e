import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import opentype from "opentype.js";

/**
 * Bundled faces, loaded from node_modules (never the system: docs/product/studio-engine.md). All OFL-1.1:
 * Anton (display), Abril Fatface (vintage serif), Dela Gothic One (Japanese), ZCOOL KuaiLe (simplified Chinese).
 */
const files = {
  anton: "@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf",
  abril: "@expo-google-fonts/abril-fatface/400Regular/AbrilFatface_400Regular.ttf",
  dela: "@expo-google-fonts/dela-gothic-one/400Regular/DelaGothicOne_400Regular.ttf",
  kuaile: "@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf",
} as const;
export type FaceId = keyof typeof files;

export interface Face {
  id: FaceId;
  font: opentype.Font;
}

export interface FontStore {
  face(id: FaceId): Promise<Face>;
}

/** Parses each face once per store, on first use: the CJK faces take ~150 ms each and most headlines are Latin. */
export function createFontStore(): FontStore {
  const require = createRequire(import.meta.url);
  const loaded = new Map<FaceId, Promise<Face>>();
  return {
    face(id) {
      let face = loaded.get(id);
      if (!face) {
        face = readFile(require.resolve(files[id])).then((bytes) => ({
          id,
          font: opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
        }));
        loaded.set(id, face);
      }
      return face;
    },
  };
}

/** Which faces to try, in order, for a headline: the first that has a glyph for a character draws it. */
export function faceChain(latin: "anton" | "abril", text: string): FaceId[] {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return [latin, "dela", "kuaile"];
  if (/\p{Script=Han}/u.test(text)) return [latin, "kuaile", "dela"];
  return [latin];
}
