import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

/** Personas made the way a creator makes them, and mentioned in the chat the way a creator types them. */

const astronaut = readFileSync(new URL("../server/subjects/fixtures/astronaut.png", import.meta.url)).toString("base64");
export const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
/** Cutting a subject out runs the model on the CPU: seconds, longer on a busy machine. */
export const MODEL_TIMEOUT = 120_000;

/**
 * A saved persona made from the astronaut photo through the API, as the signed-in page (its cookie, its origin).
 * `recoloured` mirrors the photo and turns its colours, so two personas can be told apart on a screenshot.
 */
export async function savePersona(page: Page, name: string, options: { recoloured?: boolean } = {}): Promise<void> {
  await page.evaluate(
    async ({ photo, name, recoloured }) => {
      let image: Blob = new Blob([Uint8Array.from(atob(photo), (c) => c.charCodeAt(0))], { type: "image/png" });
      if (recoloured) {
        const bitmap = await createImageBitmap(image);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2d canvas");
        context.filter = "hue-rotate(170deg)";
        context.scale(-1, 1);
        context.drawImage(bitmap, -bitmap.width, 0);
        image = await canvas.convertToBlob({ type: "image/png" });
      }
      const form = new FormData();
      form.append("image", image, "astronaut.png");
      const uploaded = (await (await fetch("/api/personas/upload", { method: "POST", body: form })).json()) as { image: { id: string } };
      const json = { "content-type": "application/json" };
      const started = await fetch("/api/personas/generate", { method: "POST", headers: json, body: JSON.stringify({ photoIds: [uploaded.image.id], role: "artist" }) });
      const { draft } = (await started.json()) as { draft: { id: string } };
      for (;;) {
        const { draft: now } = (await (await fetch(`/api/personas/drafts/${draft.id}`)).json()) as { draft: { status: string } };
        if (now.status === "ready") break;
        if (now.status === "failed") throw new Error("the persona draft failed");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const saved = await fetch("/api/personas", { method: "POST", headers: json, body: JSON.stringify({ draftId: draft.id, name }) });
      if (saved.status !== 201) throw new Error(`saving the persona answered ${saved.status}`);
    },
    { photo: astronaut, name, recoloured: options.recoloured === true },
  );
}

/** Types a message with one @mention picked from the menu, then sends it. */
export async function sendWithMention(page: Page, before: string, handle: string, after: string): Promise<void> {
  await composer(page).fill(`${before}@${handle.slice(0, 2)}`);
  await page.getByRole("option", { name: new RegExp(handle, "i") }).waitFor();
  await composer(page).press("Enter");
  if (after) await composer(page).pressSequentially(after);
  if (!(await composer(page).inputValue()).includes(`@${handle}`)) throw new Error(`the mention menu did not insert @${handle}`);
  await composer(page).press("Enter");
}
