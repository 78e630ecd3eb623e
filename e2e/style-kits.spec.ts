import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawStyleThumbnail, orangeLeft } from "../server/testing/style-thumbnails.ts";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');

/** The image's record and scene as the API answers them, read with the page's own session. */
async function detail(page: Page, id: string): Promise<{ image: { styleKitId?: string | null }; scene: { kit?: { side: string }; palette: { mid: string }; text: { fill: string; face: string }[] } }> {
  return page.evaluate(async (imageId) => (await fetch(`/api/images/${imageId}`)).json(), id);
}

async function newChatImage(page: Page, prompt: string): Promise<string> {
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  const ready = page.locator('[data-testid="chat-image"][data-status="ready"]');
  const before = await ready.count();
  await composer(page).fill(prompt);
  await composer(page).press("Enter");
  const image = ready.nth(before);
  await image.waitFor({ timeout: 90_000 });
  return (await image.getAttribute("data-image-id")) ?? "";
}

describe("style kits in the browser", () => {
  it("learns a kit from uploaded thumbnails, renders in it from the picker and from \"in my style\", renames and deletes it", { timeout: 300_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "kit-maker@example.com");
    await composer(page).waitFor();

    // Reached from the style picker.
    await page.getByRole("button", { name: /Style, shape and model/ }).click();
    await page.getByTestId("style-kits-link").click();
    await page.getByRole("heading", { name: "My style", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const files = await Promise.all(orangeLeft.map(async (t, i) => ({ name: `thumb-${i}.png`, mimeType: "image/png", buffer: await drawStyleThumbnail(t) })));
    await page.getByTestId("kit-name").fill("Orange channel");
    await page.getByTestId("kit-files").setInputFiles(files);
    await page.locator('[data-testid="kit-chosen"] img').nth(2).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("kit-count").textContent()).toBe("3 of 12");
    await page.getByTestId("kit-learn").click();
    const card = page.getByTestId("kit-list").locator("li > [data-testid]").first();
    await card.getByTestId("kit-name-shown").filter({ hasText: "Orange channel" }).waitFor({ timeout: 90_000 });
    const kitId = ((await card.getAttribute("data-testid")) ?? "").replace("kit-", "");
    expect(kitId).toMatch(/^[0-9a-f-]{36}$/);
    const kitCard = page.getByTestId(`kit-${kitId}`);
    const cardText = await kitCard.textContent();
    expect(cardText).toContain("Left");
    expect(cardText).toContain("Anton");
    expect(cardText).toContain("All caps");
    expect(await kitCard.locator("li[title]").first().getAttribute("title")).toMatch(/^#f[ef][78][0-9a-f]0[0-9a-f]$/);
    expect(await axeViolations(page)).toEqual([]);

    // Renamed in place.
    await kitCard.getByRole("button", { name: "Rename" }).click();
    await kitCard.getByTestId("kit-rename-input").fill("Loud orange");
    await kitCard.getByRole("button", { name: "Save" }).click();
    await kitCard.getByTestId("kit-name-shown").filter({ hasText: "Loud orange" }).waitFor();

    // My style in the chat's picker: the next thumbnail is made in the kit.
    await page.getByRole("link", { name: "Chat" }).first().click();
    await composer(page).waitFor();
    await page.getByRole("button", { name: /Style, shape and model/ }).click();
    await page.getByTestId(`style-kit-${kitId}`).click();
    expect(await page.getByRole("radio", { name: /My style/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: /Style, shape and model/ }).click();
    const picked = await newChatImage(page, 'make a thumbnail "NEVER GIVE UP" about marathon training');
    const first = await detail(page, picked);
    expect(first.image.styleKitId).toBe(kitId);
    expect(first.scene.kit).toEqual({ side: "left", case: "upper" });
    expect(first.scene.text[0]?.face).toBe("anton");

    // "In my style" in a new chat, with a plain look picked: the words ask for the kit.
    await page.getByRole("button", { name: "New chat" }).first().click();
    await page.getByRole("button", { name: /Style, shape and model/ }).click();
    await page.getByTestId("style-realistic").click();
    await page.getByRole("button", { name: /Style, shape and model/ }).click();
    const worded = await newChatImage(page, 'make a thumbnail "BEST PIZZA EVER" in my style');
    expect((await detail(page, worded)).image.styleKitId).toBe(kitId);

    // Deleted after asking; the images made in it stay.
    await page.goto(`${app.baseUrl}/app/style-kits`);
    await kitCard.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("No style kit yet").waitFor();
    expect((await detail(page, picked)).image.styleKitId).toBe(kitId);
    await context.close();
  });
});
