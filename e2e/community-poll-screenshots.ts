// Screenshots of community polls against the real server: the pack card's Ask the community dialog, its poll open
// with votes and closed with a winner, at 375 and 1280 px in light and dark; the gallery's selection bar and viewer:
//   npm run build && node_modules/.bin/node e2e/community-poll-screenshots.ts /tmp/shots-polls
// No Discord here: the bot's part (its post job, members' button presses) is played through the real services while
// the server is stopped (e2e/play-discord.ts; PGlite admits one process), and the server comes back on the same data
// and port. The share page's votes are real visitors' votes on a share link of the pack.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { type CommunityPoll, communityPollResponseSchema } from "../contract/community-polls.ts";
import { shareVotePath } from "../contract/shares.ts";
import { openDb } from "../db/open-db.ts";
import { discordLinks } from "../db/schema/discord-links.ts";
import { users } from "../db/schema/users.ts";
import { type ChildServer, startChildServer } from "../server/testing/child-server.ts";
import { seedGallery } from "../server/testing/gallery-seed.ts";
import { launchBrowser, newContext, signInWithCode } from "./harness.ts";
import { type DiscordVotes, playDiscord } from "./play-discord.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const email = "poll.shots@example.com";
const env = { DISCORD_GUILD_ID: "100000000000000001", DISCORD_FEEDBACK_CHANNEL_ID: "100000000000000002" };
const dataDir = mkdtempSync(join(tmpdir(), "tf-shots-"));

/** The account, linked to a Discord member, before the server starts (PGlite admits one process). */
async function seedLinkedAccount(): Promise<void> {
  await seedGallery(dataDir, [{ email, images: [] }]);
  const database = await openDb({ pgliteDir: join(dataDir, "db") });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error("the seeded account is missing");
    await database.db.insert(discordLinks).values({ discordUserId: "200000000000000001", userId: user.id, linkedAt: new Date() });
  } finally {
    await database.close();
  }
}

await seedLinkedAccount();
let server: ChildServer;
const [first, browser] = await Promise.all([startChildServer({ DATA_DIR: dataDir, ...env }), launchBrowser()]);
server = first;
const baseUrl = server.url;

/** The community's day on Discord, played with the server stopped; it comes back on the same port (the app's origin). */
async function discordPlays(pollId: string, votes: DiscordVotes): Promise<void> {
  await server.stop();
  try {
    await playDiscord(dataDir, env, pollId, votes);
  } finally {
    server = await startChildServer({ DATA_DIR: dataDir, ...env, PORT: new URL(baseUrl).port });
  }
}

/** Visitors of the share page voting, each a browser of its own (no voter cookie yet). */
async function pageVotes(shareUrl: string, imageId: string, visitors: number): Promise<void> {
  const token = new URL(shareUrl).pathname.split("/").at(-1) ?? "";
  for (let i = 0; i < visitors; i += 1) {
    const res = await fetch(`${baseUrl}${shareVotePath(token)}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ imageId }) });
    if (!res.ok) throw new Error(`a share page vote was refused: ${res.status} ${await res.text()}`);
  }
}

const card = (page: Page) => page.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');

async function shoot(context: BrowserContext, url: string, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  // The panel and the card's actions above it, where the page scrolls them into view; and the panel alone.
  const panel = card(page).getByTestId("poll-panel");
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  await panel.screenshot({ path: join(outDir, `${name}-panel.png`) });
  await page.close();
}

try {
  const ownerContext = await newContext(browser);
  const owner = await ownerContext.newPage();
  await signInWithCode(owner, baseUrl, email);
  const composer = owner.locator('[data-testid="composer"] textarea');
  await composer.waitFor();
  await owner.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
  await composer.fill('give me three versions of "I QUIT MY JOB" a shocked office worker');
  await composer.press("Enter");
  await card(owner).locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 90_000 });
  const packImages = await card(owner)
    .locator('[data-testid="pack-variant"] [data-testid="chat-image"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-image-id") ?? ""));
  const chatUrl = owner.url();

  await card(owner).getByRole("button", { name: "Ask the community" }).click();
  await owner.getByRole("dialog").getByRole("radio", { name: "3 days" }).check();
  await owner.screenshot({ path: join(outDir, "poll-ask-1280-light.png") });
  const answered = owner.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/api/community-polls");
  await owner.getByRole("dialog").getByRole("button", { name: "Post to Discord" }).click();
  const poll: CommunityPoll = communityPollResponseSchema.parse(await (await answered).json()).poll;
  await card(owner).getByText("Posting to Discord…").waitFor();
  await card(owner).getByTestId("poll-panel").screenshot({ path: join(outDir, "poll-posting-1280-light-panel.png") });

  // A share link of the pack, for the page's visitors.
  await card(owner).getByRole("button", { name: "Share for feedback" }).click();
  await owner.getByRole("dialog").getByRole("button", { name: "Create link" }).click();
  const shareUrl = await owner.getByRole("dialog").getByTestId("share-url").inputValue();
  const state = await ownerContext.storageState();
  await ownerContext.close();

  // A day of votes: Discord's members 5 A, 9 B, 3 C; the share page's visitors 2 A, 4 B.
  await discordPlays(poll.id, { A: 5, B: 9, C: 3 });
  await pageVotes(shareUrl, packImages[0] ?? "", 2);
  await pageVotes(shareUrl, packImages[1] ?? "", 4);

  const contextAt = (width: number, scheme: "light" | "dark", height = 900) => browser.newContext({ viewport: { width, height }, colorScheme: scheme, storageState: state });
  const widths = [375, 1280];
  const schemes = ["light", "dark"] as const;
  for (const width of widths) {
    for (const scheme of schemes) {
      const context = await contextAt(width, scheme);
      await shoot(context, chatUrl, `poll-open-${width}-${scheme}`, (page) => card(page).getByTestId("poll-row-C").getByText("Discord 3 · Web 0").waitFor());
      await context.close();
    }
  }

  // The gallery: two images selected, the bar's Ask the community; and the viewer of an image in the poll.
  const phone = await contextAt(375, "dark", 800);
  const phonePage = await phone.newPage();
  await phonePage.goto(`${baseUrl}/app/gallery`);
  await phonePage.getByRole("button", { name: "Select", exact: true }).click();
  const tiles = phonePage.locator('[data-testid="gallery-tile"][data-status="ready"] button');
  await tiles.nth(0).click();
  await phonePage.screenshot({ path: join(outDir, "poll-gallery-select-one-375-dark.png") });
  await tiles.nth(1).click();
  await phonePage.screenshot({ path: join(outDir, "poll-gallery-select-375-dark.png") });

  const desktop = await contextAt(1280, "light");
  const desktopPage = await desktop.newPage();
  await desktopPage.goto(`${baseUrl}/app/gallery`);
  await desktopPage.getByRole("button", { name: "Select", exact: true }).click();
  await desktopPage.locator('[data-testid="gallery-tile"][data-status="ready"] button').nth(0).click();
  await desktopPage.locator('[data-testid="gallery-tile"][data-status="ready"] button').nth(2).click();
  await desktopPage.screenshot({ path: join(outDir, "poll-gallery-select-1280-light.png") });
  await desktopPage.getByRole("button", { name: "Cancel", exact: true }).first().click();
  await desktopPage.locator(`[data-testid="gallery-tile"][data-image-id="${packImages[1]}"] button`).click();
  await desktopPage.getByTestId("image-viewer").getByTestId("poll-panel").waitFor();
  await desktopPage.waitForFunction(() => [...document.images].every((img) => img.complete));
  await desktopPage.screenshot({ path: join(outDir, "poll-viewer-1280-light.png") });

  // The owner closes it early: B leads, and wins.
  await desktopPage.goto(chatUrl);
  await card(desktopPage).getByTestId("poll-panel").getByRole("button", { name: "Close now" }).click();
  await card(desktopPage).getByTestId("poll-winner").waitFor();
  await desktop.close();
  for (const width of widths) {
    for (const scheme of schemes) {
      const context = await contextAt(width, scheme);
      await shoot(context, chatUrl, `poll-closed-${width}-${scheme}`, (page) => card(page).getByTestId("poll-winner").waitFor());
      await context.close();
    }
  }

  // Asking again, on a phone in dark.
  await phonePage.goto(chatUrl);
  await card(phonePage).getByRole("button", { name: "Ask again" }).click();
  await phonePage.getByRole("dialog").waitFor();
  await phonePage.screenshot({ path: join(outDir, "poll-ask-375-dark.png") });
  await phone.close();
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
