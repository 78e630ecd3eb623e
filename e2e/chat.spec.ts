import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode, startApp } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

// By test id: the label is in the page's language.
const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');

async function signIn(page: Page, email: string): Promise<void> {
  await signInWithCode(page, app.baseUrl, email);
  await composer(page).waitFor();
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

/** Sends a message the way a person does: type it, press Enter. */
async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** Before an axe check: the page in front, transitions finished, scrolled to the top. */
async function settle(page: Page): Promise<void> {
  await page.bringToFront();
  await page.evaluate(async () => {
    window.scrollTo(0, 0);
    await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
  });
}

describe("the chat studio in the browser", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await newContext(browser);
  });
  afterAll(async () => {
    await context.close();
  });

  it("makes a thumbnail from a message, shows it in the thread and in a second tab, and charges the model's cost once", async () => {
    const first = await context.newPage();
    await signIn(first, "maker@example.com");
    await first.getByText("No conversations yet").waitFor();
    expect(await first.getByText("No conversations yet").isVisible()).toBe(true);
    await first.getByText("AI can make mistakes. Consider checking important information.").waitFor();
    expect(await first.getByText("AI can make mistakes. Consider checking important information.").isVisible()).toBe(true);
    expect(await axeViolations(first)).toEqual([]);

    const second = await context.newPage();
    await second.goto(`${app.baseUrl}/app`);
    await second.getByTestId("recent-empty").waitFor();
    await Promise.all([waitLive(first), waitLive(second)]);
    const before = await badgeCredits(second);
    expect(before).toBeGreaterThan(0);

    await say(first, "make a cartoon thumbnail for 'I tried 100 days of coding'");
    // The answer streams in, its tool card reports, and the image lands in the thread.
    await first.getByText("Generated successfully").waitFor({ timeout: 30_000 });
    const image = first.locator('[data-testid="chat-image"][data-status="ready"] img').first();
    await image.waitFor();
    await first.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="chat-image"][data-status="ready"] img');
      return img?.complete && img.naturalWidth > 0;
    });
    const download = first.getByTestId("chat-image").getByRole("link", { name: "Download" }).first();
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/original\/[0-9a-f]{16}\?download/);
    expect((await first.request.get(`${app.baseUrl}${href}`)).status()).toBe(200);
    // The conversation is named after the first prompt.
    await first.getByTestId("conversation-list").getByText("make a cartoon thumbnail", { exact: false }).waitFor();

    // The second tab never asked, yet its gallery shows the thumbnail and its badge the new balance.
    await second.locator('[data-testid="recent-image"][data-status="ready"] img').waitFor({ timeout: 30_000 });
    await second.waitForFunction(
      (expected) => document.querySelector('[data-testid="credits-badge"] span[aria-hidden="true"]')?.textContent === String(expected),
      before - 1,
    );
    expect(await badgeCredits(first)).toBe(before - 1);

    // "Make the headline yellow" makes a new image from the first one, free: only the headline changes.
    const firstId = await first.getByTestId("chat-image").first().getAttribute("data-image-id");
    await say(first, "make the headline yellow");
    await first.locator('[data-testid="chat-image"][data-status="ready"]').nth(1).waitFor({ timeout: 30_000 });
    const editedId = await first.getByTestId("chat-image").nth(1).getAttribute("data-image-id");
    const edited = (await (await first.request.get(`${app.baseUrl}/api/images/${editedId}`)).json()) as { image: { parentId: string; kind: string; creditsSpent: number } };
    expect(edited.image).toMatchObject({ parentId: firstId, kind: "edited", creditsSpent: 0 });
    await first.locator('[data-tool="tool-editImage"][data-state="output-available"] [data-testid="tool-credits"]').waitFor();
    expect(await first.locator('[data-tool="tool-editImage"] [data-testid="tool-credits"]').textContent()).toMatch(/^Free, only the headline changed/);
    expect(await badgeCredits(second)).toBe(before - 1);

    await settle(first);
    expect(await axeViolations(first)).toEqual([]);
    // After a reload the thread comes back from the server, as it was.
    await first.reload();
    await first.locator('[data-testid="chat-image"][data-status="ready"]').nth(1).waitFor();
    expect(await first.getByTestId("chat-image").count()).toBe(2);
    await first.close();
    await second.close();
  });

  it("fits a 375 px screen without sideways scrolling, in dark mode too, with no axe violations", async () => {
    const narrow = await newContext(browser, { width: 375, height: 800, colorScheme: "dark" });
    const page = await narrow.newPage();
    await signIn(page, "phone.maker@example.com");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await say(page, "square vintage poster of a jazz trumpet");
    await page.getByText("Generated successfully").waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    // The conversations sit in a drawer on phones.
    await page.getByRole("button", { name: "Show conversations" }).click();
    await page.getByRole("dialog").getByText("square vintage poster", { exact: false }).waitFor();
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await narrow.close();
  });

  it("answers in Spanish, with Spanish style words", async () => {
    const spanish = await newContext(browser);
    const page = await spanish.newPage();
    await signIn(page, "creadora@example.com");
    // The language a person picks is kept under `language`.
    await page.evaluate(() => localStorage.setItem("language", "es"));
    await page.reload();
    await page.getByText("¿Qué creamos?").waitFor();
    await composer(page).waitFor();
    await say(page, "haz una miniatura vintage para 'Mi viaje a Japón'");
    await page.locator('[data-testid="chat-image"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const meta = await page.getByTestId("chat-image").textContent();
    expect(meta).toMatch(/Vintage/i);
    expect(await page.getByTestId("thread").textContent()).not.toMatch(/\b(Here it is|ready to use|credits to go)\b/);
    await spanish.close();
  });

  it("answers in Japanese when the interface is in Japanese", async () => {
    const japanese = await newContext(browser);
    const page = await japanese.newPage();
    await signIn(page, "japanese.maker@example.com");
    await page.evaluate(() => localStorage.setItem("language", "ja"));
    await page.reload();
    await page.getByText("何を作りましょう？").waitFor();
    await say(page, "「100日間コーディング」のカートゥーンのサムネイルを作って");
    await page.locator('[data-testid="chat-image"][data-status="ready"]').waitFor({ timeout: 30_000 });
    const answer = await page.locator('[data-testid="message"][data-role="assistant"]').last().innerText();
    expect(answer).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect(answer).not.toMatch(/\b(Here it is|ready to use|credits to go)\b/);
    await japanese.close();
  });

  it("lists models the server cannot run as disabled and not available, never naming server settings", async () => {
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/app`);
    await composer(page).waitFor();
    await page.getByRole("button", { name: /Style, shape and model/ }).click();
    await page.waitForSelector('[data-testid="model-picker"]:not([disabled])');
    await page.getByTestId("model-picker").click();
    const gpt = page.getByRole("option", { name: /GPT Image/ });
    expect(await gpt.getAttribute("aria-disabled")).toBe("true");
    expect(await gpt.textContent()).toContain("Not available on this server");
    expect(await page.locator("body").innerText()).not.toMatch(/API_KEY|API_TOKEN|FAL_KEY/);
    await page.keyboard.press("Escape");
    await page.close();
  });
});

describe("a streaming answer in the browser", () => {
  let slow: RunningApp;

  beforeAll(async () => {
    // The offline assistant paced like a real model, so an answer is still arriving while the test acts.
    slow = await startApp({ OFFLINE_ASSISTANT_DELAY_MS: "80" });
  });
  afterAll(async () => {
    await slow?.stop();
  });

  const assistantText = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]').last().innerText();

  it("resumes after a reload mid-answer, showing every word once", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, slow.baseUrl, "streamer@example.com");
    await composer(page).waitFor();

    await say(page, "What can you do?");
    await page.locator('[data-testid="message"][data-role="assistant"]').last().getByText("I ", { exact: false }).first().waitFor();
    await page.reload();
    await composer(page).waitFor();
    // The live answer comes back from its first word and runs to its end, when it is saved.
    const conversationId = new URL(page.url()).searchParams.get("c");
    const token = await page.evaluate(() => localStorage.getItem("sessionToken") ?? "");
    let saved = "";
    for (let i = 0; i < 100 && saved === ""; i++) {
      const stored = (await (await page.request.get(`${slow.baseUrl}/api/conversations/${conversationId}/messages`, { headers: { "x-session-token": token } })).json()) as {
        messages: { role: string; parts: { type: string; text?: string }[] }[];
      };
      const last = stored.messages.at(-1);
      if (last?.role === "assistant") saved = last.parts.find((p) => p.type === "text")?.text ?? "";
      else await page.waitForTimeout(200);
    }
    expect(saved.length).toBeGreaterThan(40);
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('[data-testid="message"][data-role="assistant"]')].some((m) => (m as HTMLElement).innerText.includes(text)),
      saved,
      { timeout: 20_000 },
    );
    const resumed = await assistantText(page);
    // Every word once: the saved answer appears a single time in the thread.
    expect(resumed.split(saved.slice(0, 30)).length - 1).toBe(1);

    await context.close();
  });

  it("Stop ends an answer mid-way and keeps what was said, after a reload too", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, slow.baseUrl, "stopper@example.com");
    await composer(page).waitFor();
    await say(page, "What can you do?");
    // A few words in, well before the end of the answer.
    await page.waitForFunction(() => {
      const answers = document.querySelectorAll<HTMLElement>('[data-testid="message"][data-role="assistant"]');
      return (answers[answers.length - 1]?.innerText.length ?? 0) > 60;
    });
    await page.getByTestId("composer").getByRole("button", { name: "Stop" }).click();
    await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
    const stopped = await assistantText(page);
    await page.waitForTimeout(1500);
    // The rest never comes.
    expect(await assistantText(page)).toBe(stopped);
    // The stopped answer is saved as the stop ends it; reload once it is.
    const conversationId = new URL(page.url()).searchParams.get("c");
    const token = await page.evaluate(() => localStorage.getItem("sessionToken") ?? "");
    await expect
      .poll(
        async () => {
          const stored = (await (await page.request.get(`${slow.baseUrl}/api/conversations/${conversationId}/messages`, { headers: { "x-session-token": token } })).json()) as {
            messages: { role: string }[];
          };
          return stored.messages.at(-1)?.role;
        },
        { timeout: 10_000 },
      )
      .toBe("assistant");
    await page.reload();
    await page.locator('[data-testid="message"][data-role="assistant"]').last().waitFor();
    const afterReload = await assistantText(page);
    expect(afterReload.length).toBeGreaterThan(0);
    expect(stopped).toContain(afterReload.trim().slice(0, 20));
    // The whole help answer is far longer than what was said before Stop.
    expect(afterReload.length).toBeLessThan(200);
    await context.close();
  });
});
