import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, makeChatImage, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

describe("Search everything", () => {
  it("finds a conversation and its image from the header with Ctrl+K, moves with the keys and opens the thread at the message", { timeout: 180_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "searcher@example.com");
    const imageId = await makeChatImage(page, "cartoon thumbnail 'Saffron risotto secrets'");
    await makeChatImage(page, "cartoon thumbnail 'Midnight jazz trumpet'");
    const conversation = new URL(page.url()).searchParams.get("c");
    expect(conversation).toBeTruthy();

    // Elsewhere in the app, the shortcut opens the search.
    await page.goto(`${app.baseUrl}/app/gallery`);
    await page.getByTestId("search-open").waitFor();
    await page.keyboard.press("Control+K");
    const field = page.getByRole("combobox", { name: "Search everything" });
    await field.fill("risotto");
    const dialog = page.getByTestId("search-dialog");
    await dialog.getByRole("group", { name: "Conversations" }).waitFor();
    await dialog.getByRole("group", { name: "Images" }).getByRole("option").first().waitFor();
    expect(await dialog.getByRole("group", { name: "Images" }).locator("img").first().getAttribute("src")).toContain(imageId);
    expect(await axeViolations(page)).toEqual([]);

    // The first result (the conversation, at the message that said the words) is chosen; Enter opens it there.
    const options = dialog.getByRole("option");
    expect(await options.first().getAttribute("aria-selected")).toBe("true");
    await field.press("ArrowDown");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    await field.press("ArrowUp");
    await field.press("Enter");
    await page.waitForURL((url) => url.pathname === "/app" && url.searchParams.get("c") === conversation);
    const lit = page.locator('[data-testid="message"][data-highlighted]');
    await lit.waitFor();
    expect(await lit.textContent()).toContain("Saffron risotto secrets");
    expect(await lit.isVisible()).toBe(true);
    // The message's place leaves the URL once shown: a reload opens the thread as usual.
    await page.waitForURL((url) => !url.searchParams.has("m"));

    // "/" opens it too (not while typing in the composer); a typo still finds; nothing found says so.
    await page.locator('[data-testid="composer"] textarea').click();
    await page.keyboard.type("/");
    expect(await page.getByTestId("search-dialog").count()).toBe(0);
    await page.locator("h1, main").first().click({ position: { x: 1, y: 1 } }).catch(() => undefined);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("/");
    await field.fill("risoto");
    await dialog.getByRole("group", { name: "Conversations" }).waitFor();
    await field.fill("zzzqqq");
    await dialog.getByText("Nothing found for “zzzqqq”.").waitFor();
    await page.keyboard.press("Escape");
    expect(await page.getByTestId("search-dialog").count()).toBe(0);
    await context.close();
  });
});
