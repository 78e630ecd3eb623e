import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";
import { composer, MODEL_TIMEOUT, savePersona, sendWithMention } from "./personas-in-chat.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

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
    // The answer says what the swap did, by the persona's name, not only that a picture is ready.
    await page.getByText(/^Put Nova in the picture\./).waitFor({ timeout: 10_000 });

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
