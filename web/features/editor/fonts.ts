import antonUrl from "@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf?url";
import abrilUrl from "@expo-google-fonts/abril-fatface/400Regular/AbrilFatface_400Regular.ttf?url";
import delaUrl from "@expo-google-fonts/dela-gothic-one/400Regular/DelaGothicOne_400Regular.ttf?url";
import kuaileUrl from "@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf?url";
import type { EditorFace } from "../../../contract/editor.ts";

/**
 * The Studio's own font files (server/studio/fonts.ts reads the same packages), so the canvas preview sets text in
 * the faces the server draws. The CJK faces are megabytes: loaded only when a layer needs them.
 */
const files: Record<EditorFace, string> = { anton: antonUrl, abril: abrilUrl, dela: delaUrl, kuaile: kuaileUrl };

/** The CSS family of a face, with the server's fallback order for characters it lacks. */
export function fontFamily(face: EditorFace): string {
  const chain: Record<EditorFace, EditorFace[]> = {
    anton: ["anton", "dela", "kuaile"],
    abril: ["abril", "dela", "kuaile"],
    dela: ["dela", "kuaile", "anton"],
    kuaile: ["kuaile", "dela", "anton"],
  };
  return chain[face].map((f) => `tf-${f}`).join(", ");
}

const loading = new Map<EditorFace, Promise<void>>();

export function loadFaces(faces: readonly EditorFace[]): Promise<void> {
  if (typeof FontFace === "undefined" || typeof document === "undefined") return Promise.resolve();
  return Promise.all(
    faces.map((face) => {
      let done = loading.get(face);
      if (!done) {
        const font = new FontFace(`tf-${face}`, `url(${files[face]})`);
        done = font.load().then((loaded) => {
          document.fonts.add(loaded);
        });
        loading.set(face, done);
      }
      return done;
    }),
  ).then(() => undefined);
}
