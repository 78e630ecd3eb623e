import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const fixture = (name: string) => fileURLToPath(new URL(`../server/subjects/fixtures/${name}`, import.meta.url));
const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
/** Cutting a subject out runs the model on the CPU: seconds, longer on a busy machine. */
const MODEL_TIMEOUT = 120_000;

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: MODEL_TIMEOUT });
}

async function openPersonas(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Personas" }).first().click();
  await page.getByText("Upload images to generate custom personas for your image generation prompts").waitFor();
}

describe("personas in the browser", () => {
  it("makes @astro from a photo, uses it in the chat, swaps it into a photo from the chat and from the gallery, and deletes it", { timeout: 600_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "astro-maker@example.com");
    await composer(page).waitFor();
    await openPersonas(page);
    expect(await axeViolations(page)).toEqual([]);

    // Nothing chosen yet: the form says what to do first.
    await page.getByRole("button", { name: "Generate persona" }).click();
    await toast(page, "Please select an image first");

    await page.getByTestId("persona-file-input").setInputFiles(fixture("astronaut.png"));
    await page.locator('[data-testid="persona-photo"][data-status="ready"]').waitFor({ timeout: 30_000 });
    await page.getByTestId("persona-creator").locator("label").filter({ hasText: "Photographer" }).click();
    expect(await page.getByRole("radio", { name: "Photographer" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Generate persona" }).click();
    await page.getByRole("button", { name: "Generating..." }).waitFor();
    await toast(page, "Persona generated successfully!");
    const draft = page.getByTestId("persona-draft");
    await draft.getByRole("img", { name: /generated persona/i }).waitFor();

    const name = draft.getByLabel("Name", { exact: true });
    await name.fill("");
    await draft.getByRole("button", { name: "Save persona" }).click();
    await toast(page, "Please enter a name for the persona");
    await name.fill("Astro");
    await draft.getByRole("button", { name: "Save persona" }).click();
    await toast(page, "Persona saved successfully!");
    const card = page.getByTestId("persona-card").filter({ hasText: "@astro" });
    await card.waitFor();

    // In the chat: @ offers it with its picture, and the thumbnail is made with it.
    await page.getByRole("link", { name: "Chat" }).first().click();
    await composer(page).fill("Cartoon thumbnail 'DAY 1' with @as");
    const option = page.getByRole("option", { name: /astro/i });
    await option.waitFor();
    expect(await option.getByTestId("persona-thumb").count()).toBe(1);
    await composer(page).press("Enter");
    expect(await composer(page).inputValue()).toContain("@astro");
    await composer(page).press("Enter");
    await page.locator('[data-testid="tool-card"][data-tool="tool-generateThumbnail"]').getByText("Generated successfully").waitFor({ timeout: MODEL_TIMEOUT });

    // Swap from the chat: attach a photo and ask.
    await page.locator('[data-testid="composer"] input[type="file"]').setInputFiles(fixture("figure-composite.jpg"));
    await composer(page).fill("put @astro into this photo");
    await page.getByTestId("attachment-chip").locator("img").waitFor({ timeout: 30_000 });
    await composer(page).press("Enter");
    const swapCard = page.locator('[data-testid="tool-card"][data-tool="tool-replaceSubject"]');
    await swapCard.waitFor({ timeout: MODEL_TIMEOUT });
    await swapCard.getByText("Generated successfully").waitFor({ timeout: MODEL_TIMEOUT });
    expect(await swapCard.getByRole("img").count()).toBeGreaterThan(0);

    // Swap from the gallery: the newest image, with @astro.
    const recent = page.getByTestId("recent-image");
    const before = await recent.count();
    await page.locator('[data-testid="recent-image"][data-status="ready"]').first().getByTestId("swap-subject").click();
    const dialog = page.getByRole("dialog", { name: "Swap in a persona" });
    await dialog.getByRole("button", { name: /Astro/ }).click();
    await toast(page, "Swapping the subject…");
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="recent-image"]').length > count, before, { timeout: MODEL_TIMEOUT });
    await page.waitForFunction(() => document.querySelector('[data-testid="recent-image"]')?.getAttribute("data-status") === "ready", undefined, { timeout: MODEL_TIMEOUT });

    // Another account sees none of it.
    const other = await newContext(browser);
    const stranger = await other.newPage();
    await signInWithCode(stranger, app.baseUrl, "someone-else@example.com");
    await composer(stranger).waitFor();
    await openPersonas(stranger);
    await stranger.getByText("No personas created yet. Upload an image to get started!").waitFor();
    expect(await stranger.getByTestId("persona-card").count()).toBe(0);
    await other.close();

    // Delete it: gone from the list, and the empty text is back.
    await openPersonas(page);
    await card.getByRole("button", { name: /Delete/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete persona" }).click();
    await toast(page, "Persona deleted successfully!");
    await page.getByText("No personas created yet. Upload an image to get started!").waitFor();
    await context.close();
  });
});
