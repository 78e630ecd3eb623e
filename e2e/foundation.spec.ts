import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newContext, type RunningApp, startApp } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(path: string, options: Parameters<typeof newContext>[1] = {}): Promise<Page> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}${path}`);
  await page.locator("main").first().waitFor();
  // The entry is listening: a click, key or submit from here on reaches the page, hydrated or not.
  await page.locator("html[data-ready]").waitFor({ state: "attached" });
  return page;
}

const routes = [
  { path: "/", heading: "Create viral images and content in seconds" },
  { path: "/landing", heading: "Viral thumbnails and images, made in seconds" },
  { path: "/login", heading: "Welcome to Thumbforge" },
  { path: "/terms-of-service", heading: "Terms and Conditions" },
  { path: "/privacy-policy", heading: "Privacy Policy" },
  { path: "/refund-policy", heading: "Refund and Cancellation Policy" },
  { path: "/no/such/page", heading: "404 Page Not Found" },
];

describe("every route", () => {
  for (const route of routes) {
    it(`${route.path} renders its page with no axe violations`, async () => {
      const page = await open(route.path);
      await expect(page.getByRole("heading", { level: 1 }).first().textContent()).resolves.toContain(route.heading);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it("shows the 404 card asking about the router, with status 404", async () => {
    expect((await fetch(`${app.baseUrl}/definitely-missing`)).status).toBe(404);
    const page = await open("/definitely-missing");
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    await page.context().close();
  });

  it("passes axe in dark mode on a small screen too", async () => {
    const page = await open("/", { width: 375, height: 740, colorScheme: "dark" });
    expect(await axeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe("language", () => {
  it("switches to Japanese, survives a reload, and switches back", async () => {
    const page = await open("/");
    await page.getByLabel("Language").selectOption("ja");
    await page.getByRole("button", { name: "通知を受け取る" }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await page.reload();
    await page.getByRole("button", { name: "通知を受け取る" }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ja");
    await page.getByLabel("言語").selectOption("en");
    await page.getByRole("button", { name: "Notify Me" }).first().waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Notify Me" }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.context().close();
  });
});

describe("toasts", () => {
  async function showToast(page: Page) {
    await page.getByRole("button", { name: "Notify Me" }).first().click();
    const toast = page.locator(".toast[data-state=open]");
    await toast.waitFor();
    expect(await toast.textContent()).toContain("Invalid Email");
    return toast;
  }

  it("dismisses by Escape", async () => {
    const page = await open("/");
    const toast = await showToast(page);
    await page.keyboard.press("F8");
    await page.keyboard.press("Escape");
    await toast.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("dismisses by the close button", async () => {
    const page = await open("/");
    const toast = await showToast(page);
    await page.getByRole("button", { name: "Close notification" }).click();
    await toast.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("dismisses by a swipe to the right", async () => {
    const page = await open("/");
    const toast = await showToast(page);
    await page.waitForTimeout(300); // let the entry animation settle so the pointer lands on the toast
    const box = await toast.boundingBox();
    if (!box) throw new Error("toast has no box");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 160, y, { steps: 16 });
    await page.mouse.up();
    await toast.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("keeps one toast visible at a time", async () => {
    const page = await open("/");
    await showToast(page);
    await page.getByRole("button", { name: "Notify Me" }).first().click();
    await page.waitForTimeout(200);
    expect(await page.locator(".toast[data-state=open]").count()).toBe(1);
    await page.context().close();
  });

  it("focuses the notification region on F8", async () => {
    const page = await open("/");
    await showToast(page);
    await page.keyboard.press("F8");
    const region = await page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label"));
    expect(region).toBe("Notifications (F8)");
    await page.context().close();
  });

  it("shows toasts at the top on small screens and bottom right on large ones", async () => {
    for (const [width, expectTop] of [[375, true], [1280, false]] as const) {
      const page = await open("/", { width, height: 800 });
      const toast = await showToast(page);
      const box = await toast.boundingBox();
      if (!box) throw new Error("toast has no box");
      if (expectTop) expect(box.y).toBeLessThan(200);
      else {
        expect(box.y + box.height).toBeGreaterThan(600);
        expect(box.x).toBeGreaterThan(640);
      }
      await page.context().close();
    }
  });
});

describe("a signed-in screen's page", () => {
  // React's code never arrives: what shows is the page's own markup and the entry script's work.
  async function openWithoutReact(signedIn: boolean): Promise<Page> {
    const context = await newContext(browser);
    await context.route("**/assets/boot-*.js", (route) => route.abort());
    if (signedIn) await context.addInitScript(() => localStorage.setItem("auth_user", JSON.stringify({ id: "u1", email: "maker@example.com" })));
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/app`);
    await page.locator("html[data-ready]").waitFor({ state: "attached" });
    return page;
  }

  it("shows the app's header and sections before any of React's code has run", async () => {
    const page = await openWithoutReact(true);
    expect(await page.getByRole("navigation", { name: "App sections" }).getByRole("link").allTextContents()).toEqual(["Chat", "Personas", "Gallery", "From video"]);
    expect(await page.locator("[data-testid=credits-badge]").count()).toBe(0);
    await page.context().close();
  });

  it("takes the header away at once for a visitor who is not signed in", async () => {
    const page = await openWithoutReact(false);
    expect(await page.locator("#root").evaluate((root) => root.childElementCount)).toBe(0);
    await page.context().close();
  });
});
