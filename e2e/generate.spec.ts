import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, type RunningApp, signInWithCode, startApp } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signIn(page: Page, email: string): Promise<void> {
  await signInWithCode(page, app.baseUrl, email);
  await page.getByRole("heading", { name: "Create a thumbnail" }).waitFor();
}

/** The badge shows the bare number on phones and "N credits" on wider screens; both are in the DOM. */
async function badgeCredits(page: Page): Promise<number> {
  const badge = page.getByTestId("credits-badge");
  const number = Number(await badge.locator('span[aria-hidden="true"]').textContent());
  expect(await badge.textContent()).toContain(`${number} credits`);
  return number;
}

async function waitLive(page: Page): Promise<void> {
  await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
}

/**
 * Before an axe check: the page in front (a page behind another one renders no frames, so a CSS transition, such
 * as Generate fading back in from its disabled look, stays at its first value), transitions finished, and
 * scrolled to the top (axe reads colours through the sticky, translucent header when a control sits under it).
 */
async function settle(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
  });
}

describe("generating a thumbnail in the browser", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => {
    await context.close();
  });

  it("shows progress and the result in the tab that asked and in a second tab, and charges the model's cost once", async () => {
    const first = await context.newPage();
    await signIn(first, "maker@example.com");
    await first.getByTestId("recent-empty").waitFor();
    expect(await first.getByText("No images yet").isVisible()).toBe(true);
    expect(await axeViolations(first)).toEqual([]);

    const second = await context.newPage();
    await second.goto(`${app.baseUrl}/app`);
    await second.getByTestId("recent-empty").waitFor();
    await Promise.all([waitLive(first), waitLive(second)]);
    const before = await badgeCredits(second);
    expect(before).toBeGreaterThan(0);

    // A Studio render takes a fraction of a second, so the second tab records every progress bar it ever shows
    // (with its value) instead of hoping to catch one by polling.
    await second.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[data-testid="recent-image"] [role="progressbar"]')) {
          seen.push(bar.getAttribute("aria-valuenow") ?? "");
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    const generate = first.getByRole("button", { name: "Generate · 1 credit" });
    expect(await generate.isDisabled()).toBe(true);
    await first.getByLabel("Describe your thumbnail").fill('"BUILD IT FAST" a maker at a glowing workbench');
    await first.getByTestId("style-cartoon").click();
    expect(await first.getByRole("radio", { name: /Cartoon/ }).isChecked()).toBe(true);
    await generate.click();

    // The tab that asked: 'Generating image...' with its bar (unless the render already finished), then the result.
    await first.getByText("Generated successfully").waitFor({ timeout: 30_000 });
    const image = first.getByTestId("generated-image");
    await first.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="generated-image"]');
      return img?.complete && img.naturalWidth > 0;
    });
    expect([await image.getAttribute("width"), await image.getAttribute("height")]).toEqual(["1280", "720"]);
    const download = first.getByRole("link", { name: "Download", exact: true });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/original\?download/);
    const file = await first.request.get(`${app.baseUrl}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);

    // The second tab never asked, yet saw the pending image with a progress bar, then the finished thumbnail.
    const tile = second.getByTestId("recent-image").first();
    await second.locator('[data-testid="recent-image"][data-status="ready"] img').waitFor({ timeout: 30_000 });
    const seen = await second.evaluate(() => (window as unknown as { __progressSeen: string[] }).__progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    const values = seen.map(Number);
    expect(values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0))).toBe(true);
    await second.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="recent-image"] img');
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await tile.getByRole("link", { name: /Download/ }).getAttribute("href")).toBe(href);
    expect(await second.getByTestId("recent-image").count()).toBe(1);

    // Credits: exactly the Studio cost, pushed to the second tab without a reload.
    await second.waitForFunction(
      (expected) => document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent === String(expected),
      before - 1,
    );
    expect(await badgeCredits(second)).toBe(before - 1);
    expect(await badgeCredits(first)).toBe(before - 1);

    await settle(first);
    expect(await axeViolations(first)).toEqual([]);
    await settle(second);
    expect(await axeViolations(second)).toEqual([]);

    // After a reload the gallery endpoint lists it (newest first), with nothing left pending.
    await second.reload();
    await second.locator('[data-testid="recent-image"][data-status="ready"]').first().waitFor();
    expect(await second.getByTestId("recent-image").count()).toBe(1);
    await first.close();
    await second.close();
  });

  it("fits a 375 px screen without sideways scrolling, in dark mode too, with no axe violations", async () => {
    const narrow = await newContext(browser, { width: 375, height: 800, colorScheme: "dark" });
    const page = await narrow.newPage();
    await signIn(page, "phone.maker@example.com");
    await page.getByTestId("recent-empty").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Describe your thumbnail").fill("Square vintage poster of a jazz trumpet");
    await page.getByTestId("aspect-1:1").click();
    expect(await page.getByRole("radio", { name: /Square/ }).isChecked()).toBe(true);
    await page.getByLabel("Describe your thumbnail").press("Control+Enter");
    await page.getByText("Generated successfully").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("generated-image").getAttribute("width")).toBe("1080");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Focus left the busy Generate button for the result, and the result with its Download link was scrolled
    // into view (the form alone is taller than the screen).
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("region");
    const download = page.getByTestId("generation-view").getByRole("link", { name: "Download" });
    await page.waitForFunction(() => {
      const link = document.querySelector('[data-testid="generation-view"] a[download]');
      const box = link?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await download.isVisible()).toBe(true);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    // The narrowest phones: the header and every card still fit at 320 px.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await narrow.close();
  });

  it("is keyboard reachable: Tab into the style cards, arrows pick, Tab on to shape and model", async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/app`);
    // The model picker is disabled (so skipped by Tab) until the model list has loaded.
    await page.waitForSelector('[data-testid="model-picker"]:not([disabled])');
    await page.getByLabel("Describe your thumbnail").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("realistic");
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("radio", { name: /Cartoon/ }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("16:9");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("model-picker");
    await page.close();
  });

  it("lists models the server cannot run as disabled and not available, never naming server settings", async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/app`);
    await page.getByTestId("model-picker").click();
    const gpt = page.getByRole("option", { name: /GPT Image/ });
    expect(await gpt.getAttribute("aria-disabled")).toBe("true");
    expect(await gpt.textContent()).toContain("Not available on this server");
    expect(await page.locator("body").innerText()).not.toMatch(/API_KEY|API_TOKEN|FAL_KEY/);
    expect(await page.getByRole("option", { name: /Thumbforge Studio/ }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Escape");
    await page.close();
  });
});
