import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const astronaut = readFileSync(new URL("../server/subjects/fixtures/astronaut.png", import.meta.url)).toString("base64");
const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
/** Cutting a subject out runs the model on the CPU: seconds, longer on a busy machine. */
const MODEL_TIMEOUT = 120_000;

/** A saved persona made from the astronaut photo through the API, as the signed-in page (its cookie, its origin). */
async function savePersona(page: Page, name: string): Promise<void> {
  await page.evaluate(
    async ({ photo, name }) => {
      const bytes = Uint8Array.from(atob(photo), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append("image", new Blob([bytes], { type: "image/png" }), "astronaut.png");
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
    { photo: astronaut, name },
  );
}

/** Types a message with one @mention picked from the menu, then sends it. */
async function sendWithMention(page: Page, before: string, handle: string, after: string): Promise<void> {
  await composer(page).fill(`${before}@${handle.slice(0, 2)}`);
  await page.getByRole("option", { name: new RegExp(handle, "i") }).waitFor();
  await composer(page).press("Enter");
  if (after) await composer(page).pressSequentially(after);
  expect(await composer(page).inputValue()).toContain(`@${handle}`);
  await composer(page).press("Enter");
}

describe("a persona swapped into a Studio thumbnail from the chat", () => {
  it("makes a thumbnail with @astro, swaps @nova into it, and the new image has Nova in the persona's place", { timeout: 600_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "swap-into-studio@example.com");
    await composer(page).waitFor();
    await savePersona(page, "Astro");
    await savePersona(page, "Nova");
    await page.reload();
    await composer(page).waitFor();

    await sendWithMention(page, "Cartoon thumbnail 'DAY 1' with ", "astro", "");
    const made = page.locator('[data-testid="tool-card"][data-tool="tool-generateThumbnail"]');
    await made.getByText("Generated successfully").waitFor({ timeout: MODEL_TIMEOUT });
    const thumbnailId = await made.locator('[data-testid="chat-image"][data-status="ready"]').getAttribute("data-image-id");

    await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
    await sendWithMention(page, "put ", "nova", " in this picture");
    const swapCard = page.locator('[data-testid="tool-card"][data-tool="tool-replaceSubject"]');
    await swapCard.getByText("Generated successfully").waitFor({ timeout: MODEL_TIMEOUT });
    const swapped = swapCard.locator('[data-testid="chat-image"][data-status="ready"]');
    expect(await swapped.getByRole("img").count()).toBeGreaterThan(0);

    // The swap was drawn from the thumbnail's scene: its headline kept, Nova in the persona's layer.
    const swappedId = await swapped.getAttribute("data-image-id");
    const scenes = await page.evaluate(async (ids) => Promise.all(ids.map(async (id) => ((await (await fetch(`/api/images/${id}`)).json()) as { scene: { text: { text: string }[]; subjects: { index: number; name: string }[] } | null }).scene)), [thumbnailId, swappedId]);
    const [before, after] = scenes;
    expect(after?.text.map((t) => t.text)).toEqual(before?.text.map((t) => t.text));
    expect(before?.subjects.find((s) => s.index === 0)?.name).toBe("Astro");
    expect(after?.subjects.find((s) => s.index === 0)?.name).toBe("Nova");
    await context.close();
  });
});
