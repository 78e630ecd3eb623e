import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, makeChatImage, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');

/** Before an axe check: transitions finished (endless animations, like the live mark's pulse, are left running). */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
  });
}

async function box(page: Page, testId: string): Promise<{ width: number; height: number }> {
  const rect = await page.getByTestId(testId).boundingBox();
  if (!rect) throw new Error(`${testId} is not laid out`);
  return { width: Math.round(rect.width * 100) / 100, height: Math.round(rect.height * 100) / 100 };
}

/** The layout on show, once the tabs have switched to it. */
const showing = (page: Page, layout: string, device = "desktop") => page.locator(`[data-testid="feed-layout"][data-layout="${layout}"][data-device="${device}"]`).waitFor();

const stageBackground = (page: Page) => page.getByTestId("feed-screen").evaluate((el) => getComputedStyle(el).backgroundColor);

describe("the YouTube feed preview in the browser", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser);
    page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "feed.maker@example.com");
    await composer(page).waitFor();
    // One image to stand beside, then the one to judge.
    await makeChatImage(page, "vintage travel vlog thumbnail 'LOST IN LISBON'");
    await makeChatImage(page, "make a cartoon thumbnail for 'I tried 100 days of coding'");
  }, 180_000);
  afterAll(async () => {
    await context?.close();
  });

  it.each([
    [1280, "light"],
    [375, "dark"],
  ] as const)("at %i px (app in %s mode): opens from a chat image, shows three layouts in both YouTube looks, the thumbnail at 168×94, no axe violations", async (width, scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    const opener = page.getByTestId("chat-image").last().getByRole("button", { name: "Preview in feed" });
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Preview in feed" });
    await dialog.waitFor();

    // The verdict is measured from the image's pixels in the page and said plainly.
    const verdict = page.locator('[data-testid="feed-verdict"][data-status="done"]');
    await verdict.waitFor({ timeout: 15_000 });
    expect(await verdict.getAttribute("data-level")).toMatch(/^(good|fair|poor|none)$/);
    expect(await verdict.getByRole("status").innerText()).toMatch(/168×94/);
    expect(await verdict.innerText()).toContain("Based on");
    expect(await box(page, "feed-smallest")).toEqual({ width: 168, height: 94 });
    expect(await page.getByTestId("feed-title").innerText()).toBe("I tried 100 days of coding");
    expect(await page.getByTestId("feed-channel").innerText()).toBe("feed.maker");
    // The other image of the gallery stands beside it, labelled as the user's own.
    await page.getByTestId("feed-layout").getByText("From your gallery").waitFor();

    // A phone opens on the phone feed, a wider screen on the desktop one.
    await showing(page, "home", width < 640 ? "mobile" : "desktop");
    await page.getByTestId("feed-device").getByRole("button", { name: "Desktop" }).click();
    await showing(page, "home");
    expect(await stageBackground(page)).toBe("rgb(15, 15, 15)");
    // Keyboard: the arrow keys move between the layouts.
    await page.getByRole("tab", { name: "Home" }).focus();
    await page.keyboard.press("ArrowRight");
    await showing(page, "search");
    await page.getByRole("tab", { name: "Up next" }).click();
    await showing(page, "upNext");
    expect(await box(page, "feed-upnext-thumb")).toEqual({ width: 168, height: 94 });

    await page.getByTestId("feed-look").getByRole("button", { name: "Light" }).click();
    await page.locator('[data-testid="feed-stage"][data-look="light"]').waitFor();
    expect(await stageBackground(page)).toBe("rgb(255, 255, 255)");
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId("feed-device").getByRole("button", { name: "Mobile" }).click();
    await showing(page, "upNext", "mobile");
    await page.getByRole("tab", { name: "Home" }).click();
    await showing(page, "home", "mobile");
    await page.getByTestId("feed-look").getByRole("button", { name: "Dark" }).click();
    await page.locator('[data-testid="feed-stage"][data-look="dark"]').waitFor();
    expect(await stageBackground(page)).toBe("rgb(15, 15, 15)");
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);

    // The title is the creator's to edit; the card follows.
    await page.getByLabel("Title").fill("100 DAYS OF CODE");
    await page.getByTestId("feed-title").getByText("100 DAYS OF CODE").waitFor();
    // The page never scrolls sideways; a desktop frame scrolls inside its own region instead.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Keyboard: Escape closes and focus goes back to the button that opened it.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Focus comes back once the dialog's closing animation has finished.
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
