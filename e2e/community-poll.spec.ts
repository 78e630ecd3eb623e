import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "../db/open-db.ts";
import { discordLinks } from "../db/schema/discord-links.ts";
import { users } from "../db/schema/users.ts";
import { type ChildServer, startChildServer } from "../server/testing/child-server.ts";
import { seedGallery } from "../server/testing/gallery-seed.ts";
import { type DiscordVotes, type PlayedMessage, playDiscord } from "./play-discord.ts";
import { axeViolations, launchBrowser, newContext, signInWithCode } from "./harness.ts";

// Community polls (contract/community-polls.ts): a creator asks the Discord community to pick among a pack's three
// versions. No Discord here: the poll stays "posting" until the bot's part is played (its post job and its members'
// button presses, through the real services) on the database, which PGlite admits from one process at a time, so the
// server is stopped meanwhile and started again on the same data directory. The share page's votes on the same images count in the same tally, live.

const email = "poll.creator@example.com";
const memberId = "200000000000000001";
// Snowflakes of a community server and its feedback channel: set, they let the web offer polls.
const env = { DISCORD_GUILD_ID: "100000000000000001", DISCORD_FEEDBACK_CHANNEL_ID: "100000000000000002" };

let dataDir: string;
let server: ChildServer;
let browser: Browser;

/** Opens the data directory's database while the server is stopped. */
async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const database = await openDb({ pgliteDir: join(dataDir, "db") });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The account, and its Discord link as `/link` and `/verify` leave it. */
async function seedLinkedAccount(): Promise<void> {
  await seedGallery(dataDir, [{ email, images: [] }]);
  await withDatabase(async ({ db }) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error("the seeded account is missing");
    await db.insert(discordLinks).values({ discordUserId: memberId, userId: user.id, linkedAt: new Date() });
  });
}

/**
 * The bot's part (e2e/play-discord.ts) with the server stopped, then the server again on the same data and the same
 * port: the browser's origin stays the same, and with it what the app keeps per origin.
 */
async function discordPlays(pollId: string, votes: DiscordVotes): Promise<PlayedMessage> {
  const port = new URL(server.url).port;
  await server.stop();
  try {
    return await playDiscord(dataDir, env, pollId, votes);
  } finally {
    server = await startChildServer({ DATA_DIR: dataDir, ...env, PORT: port });
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "tf-e2e-"));
  const migrated = inject("migratedPgliteDir");
  if (migrated) cpSync(migrated, join(dataDir, "db"), { recursive: true });
  await seedLinkedAccount();
  [server, browser] = await Promise.all([startChildServer({ DATA_DIR: dataDir, ...env }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const composer = (page: Page) => page.locator('[data-testid="composer"] textarea');
const packCard = (page: Page) => page.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');
const panel = (page: Page) => packCard(page).getByTestId("poll-panel");

describe("asking the community", () => {
  it("posts a pack to Discord from its card; Discord's and the share page's votes add up live, each source shown; Close now names the winner", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, server.url, email);
    await composer(page).waitFor();
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    await composer(page).fill("give me three versions of 'My garden in one year'");
    await composer(page).press("Enter");
    await packCard(page).locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 60_000 });
    const imageIds = await packCard(page)
      .locator('[data-testid="pack-variant"] [data-testid="chat-image"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-image-id") ?? ""));

    // Ask the community: a week, then Post, with one Idempotency-Key.
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/community-polls") posts.push(request);
    });
    await packCard(page).getByRole("button", { name: "Ask the community" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask the community" });
    await dialog.getByRole("radio", { name: "7 days" }).check();
    expect(await axeViolations(page)).toEqual([]);
    const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/community-polls");
    await dialog.getByRole("button", { name: "Post to Discord" }).click();
    const { poll } = (await (await answered).json()) as { poll: { id: string; imageIds: string[] } };
    // The pack's three images, in the card's order: A, B, C.
    expect(poll.imageIds).toEqual(imageIds);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.postDataJSON()).toMatchObject({ kind: "pack", hours: 168 });
    expect(posts[0]?.headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
    await dialog.waitFor({ state: "detached" });
    await panel(page).getByText("Posting to Discord…").waitFor();
    expect(await packCard(page).getByRole("button", { name: "Ask the community" }).count()).toBe(0);

    // Discord: the message is up, and members vote A twice and B once.
    const message = await discordPlays(poll.id, { A: 2, B: 1 });
    // The bot posted the pack's three images, in label order, and its message counts the votes.
    expect(message.files).toEqual([expect.stringMatching(/^a\./), expect.stringMatching(/^b\./), expect.stringMatching(/^c\./)]);
    expect(message.states.at(-1)?.choices).toEqual([{ label: "A", total: 2 }, { label: "B", total: 1 }, { label: "C", total: 0 }]);
    expect(message.states.at(-1)?.askedBy).toBe(memberId);
    await page.reload();
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    await panel(page).locator('[data-testid="poll-status"]').getByText("Open", { exact: true }).waitFor();
    await panel(page).getByTestId("poll-row-A").getByText("Discord 2 · Web 0").waitFor();
    expect(await panel(page).getByRole("link", { name: /Open in Discord/ }).getAttribute("href")).toBe(`https://discord.com/channels/${env.DISCORD_GUILD_ID}/${env.DISCORD_FEEDBACK_CHANNEL_ID}/${message.messageId}`);
    expect(await axeViolations(page)).toEqual([]);

    // The share page: a visitor's vote for B shows in the same tally, live.
    await packCard(page).getByRole("button", { name: "Share for feedback" }).click();
    const share = page.getByRole("dialog");
    await share.getByRole("button", { name: "Create link" }).click();
    const url = await share.getByTestId("share-url").inputValue();
    await page.keyboard.press("Escape");
    const visitorContext = await newContext(browser, { width: 375, height: 900 });
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await visitor.getByTestId("share-vote-B").click();
    await visitor.getByTestId("share-thanks").waitFor();
    await panel(page).getByTestId("poll-row-B").getByText("Discord 1 · Web 1").waitFor();
    await panel(page).getByTestId("poll-row-B").getByText("2 votes").waitFor();

    // Another B vote on the page makes B the leader; Close now names it.
    const secondVisitor = await (await newContext(browser)).newPage();
    await secondVisitor.goto(url);
    await secondVisitor.getByTestId("share-vote-B").click();
    await panel(page).getByTestId("poll-row-B").getByText("3 votes").waitFor();
    const closing = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === `/api/community-polls/${poll.id}/close`);
    await panel(page).getByRole("button", { name: "Close now" }).click();
    // The server names the leader (B: one Discord vote and two from the page) as the winner.
    expect(((await (await closing).json()) as { poll: { status: string; winnerImageId: string | null } }).poll).toMatchObject({ status: "closed", winnerImageId: imageIds[1] });
    await panel(page).locator('[data-testid="poll-status"]').getByText("Closed").waitFor();
    expect(await panel(page).getByTestId("poll-row-B").getAttribute("data-winner")).toBe("true");
    await panel(page).getByTestId("poll-announcement").getByText("The poll has closed: B won.").waitFor();
    // Closed: the creator may ask again.
    await packCard(page).getByRole("button", { name: "Ask again" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await visitorContext.close();
    await secondVisitor.context().close();
    await context.close();
  });

  it("an account not linked to Discord is told how to link, and offered no poll", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInWithCode(page, server.url, "not.linked@example.com");
    await composer(page).waitFor();
    await page.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
    await composer(page).fill("give me three versions of 'Bread at home'");
    await composer(page).press("Enter");
    await packCard(page).locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 60_000 });
    await packCard(page).getByTestId("poll-link-hint").getByText("/link").waitFor();
    expect(await packCard(page).getByRole("button", { name: "Ask the community" }).count()).toBe(0);
    await context.close();
  });
});
