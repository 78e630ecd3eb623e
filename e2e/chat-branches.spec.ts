import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
const userMessage = (page: Page) => page.locator('[data-testid="message"][data-role="user"]');
const answer = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');
/** The composer shows Send (not Stop) once the answer has ended. */
const idle = (page: Page) => page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor({ timeout: 30_000 });

describe("Editing and regenerating in the chat", () => {
  it("edits a message into a second branch, switches back to the first answer, keeps the choice over a reload, and regenerates an answer", { timeout: 120_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "branches.e2e@example.com");
    await composer(page).fill("what can you do?");
    await composer(page).press("Enter");
    await answer(page).first().waitFor({ timeout: 30_000 });
    await idle(page);
    const firstAnswer = (await answer(page).first().textContent()) ?? "";

    // Edit the message in place and send it again: a second version, answered on its own.
    await userMessage(page).getByRole("button", { name: "Edit message" }).click();
    const box = page.getByLabel("Edit your message");
    await box.fill("make a thumbnail for my cooking channel called 'Pasta Night'");
    await page.getByRole("button", { name: "Save & send" }).click();
    await page.getByTestId("thread").getByText("Pasta Night").first().waitFor();
    await idle(page);
    const arrows = userMessage(page).getByTestId("branch-switcher");
    await arrows.getByText("2/2").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("thread").textContent()).not.toContain("what can you do?");

    // Back to the first version: its own answer shows again.
    await arrows.getByRole("button", { name: "Previous version" }).click();
    await arrows.getByText("1/2").waitFor();
    await page.getByTestId("thread").getByText("what can you do?").waitFor();
    expect(await answer(page).first().textContent()).toBe(firstAnswer);

    // A reload shows the branch chosen.
    await page.reload();
    await userMessage(page).getByTestId("branch-switcher").getByText("1/2").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("thread").textContent()).toContain("what can you do?");

    // Regenerate the answer: a second version of it, with its own arrows.
    await answer(page).first().getByRole("button", { name: "Regenerate" }).click();
    await answer(page).first().getByTestId("branch-switcher").getByText("2/2").waitFor({ timeout: 30_000 });
    await idle(page);
    await answer(page).first().getByRole("button", { name: "Previous version" }).click();
    await answer(page).first().getByTestId("branch-switcher").getByText("1/2").waitFor();
    expect(await answer(page).first().textContent()).toContain(firstAnswer.replace(/1\/2|2\/2/g, "").slice(0, 20));
    await context.close();
  });
});
