import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, requestCode, type RunningApp } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

async function paste(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe("accounts in the browser", () => {
  let context: BrowserContext;
  const email = "browser.user@example.com";

  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => {
    await context.close();
  });

  it("signs up with the code from the dev mailbox (pasted), with no axe violations on /login and /app", async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole("heading", { level: 1, name: "Welcome to Thumbforge" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const code = await requestCode(page, app.baseUrl, email);
    expect(await page.getByTestId("code-digit-1").getAttribute("autocomplete")).toBe("one-time-code");
    expect(await axeViolations(page)).toEqual([]);

    await paste(page, "code-digit-1", "000000");
    await page.getByText("That code is wrong or has expired").waitFor();
    await paste(page, "code-digit-1", ` ${code.slice(0, 3)}-${code.slice(3)} `);
    await page.waitForURL(`${app.baseUrl}/app`);
    await page.getByRole("heading", { level: 1, name: "Welcome, browser.user!" }).waitFor();
    expect(await page.getByTestId("credits-badge").textContent()).toContain("110 credits");
    expect(await page.getByTestId("early-bird-status").textContent()).toContain("100 bonus credits");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("auth_user") ?? "{}").email)).toBe(email);
    expect(await page.evaluate(() => localStorage.getItem("sessionToken"))).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{52}$/);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByTestId("account-email").textContent()).toBe(email);
    await page.getByText("Free Plan").first().waitFor();
    expect(await page.getByRole("menuitem", { name: /Upgrade Plan/ }).getAttribute("aria-disabled")).toBeNull();
    await page.getByRole("menuitem", { name: "Set a password" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a password" });
    await dialog.getByLabel("New password").fill("password123");
    await dialog.getByRole("button", { name: "Save password" }).click();
    await dialog.getByText("That password is too common").waitFor();
    await dialog.getByLabel("New password").fill("a lantern by the sea");
    await dialog.getByRole("button", { name: "Save password" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.close();
  });

  it("signs out to /, then signs in with the password", async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/app`);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    expect(await page.evaluate(() => [localStorage.getItem("auth_user"), localStorage.getItem("sessionToken")])).toEqual([null, null]);

    await page.goto(`${app.baseUrl}/app`);
    await page.waitForURL(`${app.baseUrl}/login`);
    await page.getByRole("tab", { name: "Password" }).click();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Invalid login parameters").waitFor();
    await page.getByLabel("E-mail address").fill(email);
    await page.locator("input[autocomplete=current-password]").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Incorrect e-mail or password.").waitFor();
    await page.locator("input[autocomplete=current-password]").fill("a lantern by the sea");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${app.baseUrl}/app`);
    await page.getByTestId("credits-badge").waitFor();
    await page.close();
  });

  it("keeps two tabs in step: sign-out in one signs the other out, sign-in brings it back", async () => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${app.baseUrl}/app`);
    await second.goto(`${app.baseUrl}/app`);
    await first.getByTestId("credits-badge").waitFor();
    await second.getByTestId("credits-badge").waitFor();

    await first.getByRole("button", { name: "Account menu" }).click();
    await first.getByRole("menuitem", { name: "Log out" }).click();
    await second.waitForURL(`${app.baseUrl}/login`);

    await first.goto(`${app.baseUrl}/login`);
    await first.getByRole("tab", { name: "Password" }).click();
    await first.getByLabel("E-mail address").fill(email);
    await first.locator("input[autocomplete=current-password]").fill("a lantern by the sea");
    await first.getByRole("button", { name: "Sign in" }).click();
    await first.waitForURL(`${app.baseUrl}/app`);
    await second.waitForURL(`${app.baseUrl}/app`);
    await second.getByTestId("credits-badge").waitFor({ timeout: 5000 }).catch(async (err: unknown) => {
      await second.screenshot({ path: "/tmp/two-tabs-fail.png" });
      throw err;
    });
    await first.close();
    await second.close();
  });

  it("removes a corrupt auth_user and treats the visitor as signed out", async () => {
    const fresh = await newContext(browser);
    const page = await fresh.newPage();
    await page.goto(`${app.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem("auth_user", "{not json"));
    await page.goto(`${app.baseUrl}/app`);
    await page.waitForURL(`${app.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem("auth_user"))).toBeNull();
    // A well-formed record without a live session is signed out by the server's 401.
    await page.evaluate(() => localStorage.setItem("auth_user", JSON.stringify({ id: "x", email: "ghost@example.com" })));
    await page.goto(`${app.baseUrl}/app`);
    await page.waitForURL(`${app.baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem("auth_user"))).toBeNull();
    await fresh.close();
  });

  it("passes axe and fits a 375 px dark screen on /login and /app", async () => {
    const small = await newContext(browser, { width: 375, height: 740, colorScheme: "dark" });
    const page = await small.newPage();
    const code = await requestCode(page, app.baseUrl, "small.screen@example.com");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId("code-digit-1").fill(code);
    await page.waitForURL(`${app.baseUrl}/app`);
    await page.getByTestId("credits-badge").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await small.close();
  });
});
