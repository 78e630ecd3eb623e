// Screenshots of community polls against a fresh server: the pack card's Ask the community dialog, its poll open
// with votes and closed with a winner, at 375 and 1280 px in light and dark; the gallery's selection bar and viewer:
//   npm run build && node_modules/.bin/node e2e/community-poll-screenshots.ts /tmp/shots-polls
// Votes come from Discord members, whom a screenshot cannot summon: the browser answers /api/community-polls itself
// (page.route), with answers checked against the contract, so the script runs with or without the server's routes.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page, Route } from "playwright-core";
import { type CommunityPoll, communityPollListResponseSchema, communityPollResponseSchema } from "../contract/community-polls.ts";
import { openDb } from "../db/open-db.ts";
import { discordLinks } from "../db/schema/discord-links.ts";
import { users } from "../db/schema/users.ts";
import { seedGallery } from "../server/testing/gallery-seed.ts";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const email = "poll.shots@example.com";

/** The account, linked to a Discord member, before the server starts (PGlite admits one process). */
async function seedLinkedAccount(dataDir: string): Promise<void> {
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

const [app, browser] = await Promise.all([
  startApp({ DISCORD_GUILD_ID: "100000000000000001", DISCORD_FEEDBACK_CHANNEL_ID: "100000000000000002" }, seedLinkedAccount),
  launchBrowser(),
]);

/** What the stand-in answers: the pack's one poll as it is now, or none yet; the pack's images, once made. */
let current: CommunityPoll | null = null;
let packImages: string[] = [];

async function answerPolls(route: Route): Promise<void> {
  const request = route.request();
  const path = new URL(request.url()).pathname;
  if (request.method() === "GET") {
    await route.fulfill({ json: communityPollListResponseSchema.parse({ polls: current ? [current] : [], canPost: true, cannotPostReason: null }) });
  } else if (path.endsWith("/close") && current) {
    current = { ...current, status: "closed", closedAt: new Date().toISOString() };
    await route.fulfill({ json: communityPollResponseSchema.parse({ poll: current }) });
  } else {
    const body = request.postDataJSON() as { targetId: string; hours: number };
    const createdAt = new Date().toISOString();
    current = {
      id: crypto.randomUUID(),
      kind: "pack",
      targetId: body.targetId,
      imageIds: packImages,
      status: "posting",
      createdAt,
      closesAt: new Date(Date.now() + body.hours * 3_600_000).toISOString(),
      closedAt: null,
      messageUrl: null,
      tally: packImages.map((imageId, index) => ({ imageId, label: String.fromCharCode(65 + index), discord: 0, web: 0, total: 0 })),
      winnerImageId: null,
    };
    await route.fulfill({ status: 201, json: communityPollResponseSchema.parse({ poll: current }) });
  }
}

/** The poll after a day of votes: open with 22 hours left, or closed with B the winner. */
function withVotes(poll: CommunityPoll, status: "open" | "closed"): CommunityPoll {
  const votes: [number, number][] = [
    [5, 2],
    [9, 4],
    [3, 0],
  ];
  return {
    ...poll,
    status,
    closesAt: status === "open" ? new Date(Date.now() + 22 * 3_600_000).toISOString() : poll.closesAt,
    closedAt: status === "closed" ? new Date().toISOString() : null,
    messageUrl: "https://discord.com/channels/100000000000000001/100000000000000002/300000000000000001",
    tally: poll.tally.map((row, index) => {
      const [discord, web] = votes[index] ?? [0, 0];
      return { ...row, discord, web, total: discord + web };
    }),
    winnerImageId: status === "closed" ? (poll.imageIds[1] ?? null) : null,
  };
}

const card = (page: Page) => page.locator('[data-testid="tool-card"][data-tool="tool-generatePack"]');

async function shoot(context: BrowserContext, url: string, name: string, ready: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  await page.route("**/api/community-polls**", answerPolls);
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
  await owner.route("**/api/community-polls**", answerPolls);
  await signInWithCode(owner, app.baseUrl, email);
  const composer = owner.locator('[data-testid="composer"] textarea');
  await composer.waitFor();
  await owner.locator('[data-testid="live-status"][data-connected="true"]').waitFor();
  await composer.fill('give me three versions of "I QUIT MY JOB" a shocked office worker');
  await composer.press("Enter");
  await card(owner).locator('[data-testid="pack-variant"] [data-testid="chat-image"][data-status="ready"]').nth(2).waitFor({ timeout: 90_000 });
  packImages = await card(owner)
    .locator('[data-testid="pack-variant"] [data-testid="chat-image"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-image-id") ?? ""));
  const chatUrl = owner.url();

  await card(owner).getByRole("button", { name: "Ask the community" }).click();
  await owner.getByRole("dialog").getByRole("radio", { name: "3 days" }).check();
  await owner.screenshot({ path: join(outDir, "poll-ask-1280-light.png") });
  await owner.getByRole("dialog").getByRole("button", { name: "Post to Discord" }).click();
  await card(owner).getByText("Posting to Discord…").waitFor();
  await card(owner).getByTestId("poll-panel").screenshot({ path: join(outDir, "poll-posting-1280-light-panel.png") });
  const state = await ownerContext.storageState();
  const posted = current as CommunityPoll | null;
  if (!posted) throw new Error("the poll was not posted");

  for (const width of [375, 1280]) {
    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, storageState: state });
      current = withVotes(posted, "open");
      await shoot(context, chatUrl, `poll-open-${width}-${scheme}`, (page) => card(page).getByTestId("poll-row-C").waitFor());
      current = withVotes(posted, "closed");
      await shoot(context, chatUrl, `poll-closed-${width}-${scheme}`, (page) => card(page).getByTestId("poll-winner").waitFor());
      await context.close();
    }
  }

  // The ask dialog on a phone, in dark.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, colorScheme: "dark", storageState: state });
  const phonePage = await phone.newPage();
  current = null;
  await phonePage.route("**/api/community-polls**", answerPolls);
  await phonePage.goto(chatUrl);
  await card(phonePage).getByRole("button", { name: "Ask the community" }).click();
  await phonePage.getByRole("dialog").waitFor();
  await phonePage.screenshot({ path: join(outDir, "poll-ask-375-dark.png") });

  // The gallery: two images selected, the bar's Ask the community; and the viewer of an image in the poll.
  await phonePage.goto(`${app.baseUrl}/app/gallery`);
  await phonePage.getByRole("button", { name: "Select", exact: true }).click();
  const tiles = phonePage.locator('[data-testid="gallery-tile"][data-status="ready"] button');
  await tiles.nth(0).click();
  await phonePage.screenshot({ path: join(outDir, "poll-gallery-select-one-375-dark.png") });
  await tiles.nth(1).click();
  await phonePage.screenshot({ path: join(outDir, "poll-gallery-select-375-dark.png") });
  await phone.close();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: "light", storageState: state });
  const desktopPage = await desktop.newPage();
  current = withVotes(posted, "open");
  await desktopPage.route("**/api/community-polls**", answerPolls);
  await desktopPage.goto(`${app.baseUrl}/app/gallery`);
  await desktopPage.getByRole("button", { name: "Select", exact: true }).click();
  await desktopPage.locator('[data-testid="gallery-tile"][data-status="ready"] button').nth(0).click();
  await desktopPage.locator('[data-testid="gallery-tile"][data-status="ready"] button').nth(2).click();
  await desktopPage.screenshot({ path: join(outDir, "poll-gallery-select-1280-light.png") });
  await desktopPage.getByRole("button", { name: "Cancel", exact: true }).first().click();
  await desktopPage.locator(`[data-testid="gallery-tile"][data-image-id="${packImages[1]}"] button`).click();
  await desktopPage.getByTestId("image-viewer").getByTestId("poll-panel").waitFor();
  await desktopPage.waitForFunction(() => [...document.images].every((img) => img.complete));
  await desktopPage.screenshot({ path: join(outDir, "poll-viewer-1280-light.png") });
  await desktop.close();
} finally {
  await browser.close();
  await app.stop();
}
