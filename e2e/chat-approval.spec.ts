import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

// A threshold of 2 credits: an A/B pack on Studio (3 credits) waits for Approve / Deny; one image (1 credit) does not.
let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser({ CHAT_CONFIRM_ABOVE_CREDITS: "2" })));
afterAll(() => closeAppAndBrowser({ app, browser }));

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** The number on the credits badge (it shows the bare number on phones and "N credits" on wider screens). */
async function badgeCredits(page: Page): Promise<number> {
  return Number(await page.getByTestId("credits-badge").locator('span[aria-hidden="true"]').textContent());
}

describe("approving a spend in the chat", () => {
  it("shows the cost before a costly request runs; denied, nothing is charged; approved after a reload, the images come", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "approver@example.com");
    await composer(page).waitFor();
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    const before = await badgeCredits(page);

    await say(page, "give me three versions of a thumbnail for 'my first marathon'");
    const card = page.getByTestId("approval-card").last();
    await card.locator('[data-testid="approval-approve"]').waitFor({ timeout: 30_000 });
    expect(await card.getByTestId("approval-cost").textContent()).toBe("3 credits");
    expect(await card.getByTestId("approval-after").textContent()).toBe(`${before - 3} credits`);
    expect(await card.textContent()).toContain("Thumbforge Studio");
    expect(await axeViolations(page)).toEqual([]);

    // Deny from the keyboard: nothing is made or charged, and the assistant says so.
    await card.getByRole("button", { name: "Deny" }).focus();
    await page.keyboard.press("Enter");
    await card.getByText("Denied. Nothing was made and no credits were spent.").waitFor({ timeout: 30_000 });
    await page.getByText("No credits were spent.").last().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="chat-image"]').count()).toBe(0);
    expect(await badgeCredits(page)).toBe(before);

    // Asked again, the waiting card survives a reload and is approved there.
    await say(page, "give me three versions of a thumbnail for 'my second marathon'");
    await page.getByTestId("approval-approve").waitFor({ timeout: 30_000 });
    await page.reload();
    const again = page.locator('[data-testid="approval-card"][data-state="approval-requested"]');
    await again.getByTestId("approval-approve").waitFor({ timeout: 30_000 });
    expect(await again.getByTestId("approval-cost").textContent()).toBe("3 credits");
    await again.getByRole("button", { name: "Approve" }).click();
    await page.locator('[data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 90_000 });
    await page.waitForFunction((expected) => document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent === String(expected), before - 3);
    expect(await badgeCredits(page)).toBe(before - 3);
    await context.close();
  });
});
