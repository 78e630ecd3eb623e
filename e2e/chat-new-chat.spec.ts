import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAppAndBrowser, newContext, openAppAndBrowser, type RunningApp, signInWithCode } from "./harness.ts";

let app: RunningApp;
let browser: Browser;

beforeAll(async () => ({ app, browser } = await openAppAndBrowser()));
afterAll(() => closeAppAndBrowser({ app, browser }));

const ROUNDS = 20;
const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
const conversationOf = (page: Page) => new URL(page.url()).searchParams.get("c");

interface Stored {
  role: string;
  parts: { type: string; text?: string }[];
}

/** The account's conversations as the server lists them, each with the texts of its user messages. */
async function storedConversations(page: Page): Promise<{ id: string; title: string; userTexts: string[] }[]> {
  const headers = { "x-session-token": await page.evaluate(() => localStorage.getItem("sessionToken") ?? "") };
  const list = (await (await page.request.get(`${app.baseUrl}/api/conversations?limit=100`, { headers })).json()) as { conversations: { id: string; title: string }[] };
  return Promise.all(
    list.conversations.map(async ({ id, title }) => {
      const { messages } = (await (await page.request.get(`${app.baseUrl}/api/conversations/${id}/messages`, { headers })).json()) as { messages: Stored[] };
      const userTexts = messages.filter((m) => m.role === "user").map((m) => m.parts.map((p) => p.text ?? "").join(""));
      return { id, title, userTexts };
    }),
  );
}

describe("New chat, then a message at once", () => {
  it(`keeps every message in its own new conversation, ${ROUNDS} times, and lists no empty conversation`, { timeout: 300_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, app.baseUrl, "quick.starter@example.com");
    await composer(page).waitFor();

    const sent: string[] = [];
    const lost: string[] = [];
    const seen = new Set<string>();
    for (let round = 1; round <= ROUNDS; round++) {
      const text = `what can you do, question ${round}?`;
      sent.push(text);
      // No wait between the click and the typing: the person types as soon as the new chat shows.
      await page.getByRole("button", { name: "New chat" }).click();
      await composer(page).fill(text);
      await composer(page).press("Enter");
      // Its thread opens as a conversation of its own (a new ?c=) showing the message, and the answer ends.
      const arrived = await page
        .waitForFunction(
          ({ text, seen }) => {
            const id = new URL(location.href).searchParams.get("c");
            const thread = document.querySelector('[data-testid="thread"]')?.textContent ?? "";
            const idle = document.querySelector('[data-testid="composer"] button[type="submit"]') !== null;
            return id !== null && !seen.includes(id) && thread.includes(text) && idle;
          },
          { text, seen: [...seen] },
          { timeout: 8_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (!arrived) {
        lost.push(text);
        continue;
      }
      seen.add(conversationOf(page) ?? "");
    }
    console.log(`New chat then send: ${lost.length} of ${ROUNDS} messages did not arrive in their own thread`);
    expect(lost).toEqual([]);

    // The server holds exactly one conversation per message, each with that message only, and lists nothing empty.
    await expect.poll(async () => (await storedConversations(page)).length, { timeout: 10_000 }).toBe(ROUNDS);
    const stored = await storedConversations(page);
    expect(stored.every((c) => c.userTexts.length === 1)).toBe(true);
    expect(stored.flatMap((c) => c.userTexts).sort()).toEqual([...sent].sort());
    expect(new Set(stored.map((c) => c.id))).toEqual(seen);

    // The screen's list shows the same conversations, titled by their messages, no "New conversation" among them.
    const rows = page.getByTestId("conversation-list").getByTestId("conversation");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(ROUNDS);
    expect(await page.getByTestId("conversation-list").getByText("New conversation").count()).toBe(0);
    // Each one opens on its own message.
    for (const { title, userTexts } of stored.slice(0, 5)) {
      await rows.filter({ hasText: title }).locator("button").first().click();
      await page.getByTestId("thread").getByText(userTexts[0] ?? "").waitFor();
    }
    await context.close();
  });
});
