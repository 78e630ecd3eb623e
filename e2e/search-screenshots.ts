// Screenshots of the header's search (the palette open with results of every kind) at 375 and 1280 px, light and dark,
// on a seeded account with conversations, images, a pack and a persona:
//   npm run build && node_modules/.bin/node e2e/search-screenshots.ts /tmp/shots-search
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDb } from "../db/open-db.ts";
import { chatMessages, conversations } from "../db/schema/conversations.ts";
import { images } from "../db/schema/images.ts";
import { users } from "../db/schema/users.ts";
import { seedGallery, type SeedImage } from "../server/testing/gallery-seed.ts";
import { launchBrowser, signedInState, startApp } from "./harness.ts";

const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const email = "search.shots@example.com";
const now = Date.now();
const prompts = ["Cooking pasta like my nonna", "Pasta in 10 minutes challenge", "Fresh pasta vs dry pasta", "Mountain bike jump at sunset", "Budget travel hacks for Japan"];
const seeded: SeedImage[] = prompts.map((prompt, i) => ({ kind: "generated", aspect: "16:9", model: "studio", prompt, createdAt: new Date(now - i * 600_000) }));

async function seedConversations(dataDir: string): Promise<void> {
  await seedGallery(dataDir, [{ email, images: seeded, persona: { name: "Pasta Chef", handle: "pastachef" } }]);
  const database = await openDb({ pgliteDir: join(dataDir, "db") });
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error("no seeded user");
    const talks = [
      { title: "Cooking channel ideas", said: ["Make a thumbnail for my fresh pasta episode", "Here it is: a steaming bowl of pasta with a bold yellow headline."] },
      { title: "Nonna's recipes", said: ["Nonna's secret pasta sauce, big red letters", "Done — I put the sauce pot on the left and the headline on the right."] },
      { title: "Weekly vlog", said: ["Vlog thumbnail: pasta night with friends", "Here you go."] },
    ];
    for (const [i, talk] of talks.entries()) {
      const [row] = await database.db
        .insert(conversations)
        .values({ userId: user.id, title: talk.title, userWords: talk.said[0] ?? "", updatedAt: new Date(now - i * 3_600_000) })
        .returning();
      if (!row) continue;
      await database.db.insert(chatMessages).values(
        talk.said.map((text, n) => ({ id: `m${i}-${n}`, conversationId: row.id, role: n % 2 === 0 ? ("user" as const) : ("assistant" as const), parts: [{ type: "text", text }] })),
      );
    }
    // The first three seeded images become one A/B pack.
    const packId = crypto.randomUUID();
    const made = await database.db.select({ id: images.id, prompt: images.prompt }).from(images).where(eq(images.userId, user.id));
    for (const [variant, image] of made.filter((m) => m.prompt?.includes("Pasta in 10")).entries()) {
      await database.db.update(images).set({ packId, packVariant: variant }).where(eq(images.id, image.id));
    }
  } finally {
    await database.close();
  }
}

const [app, browser] = await Promise.all([startApp({}, seedConversations), launchBrowser()]);
try {
  const state = await signedInState(browser, app.baseUrl, email);
  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(`${app.baseUrl}/app/gallery`);
      await p.getByTestId("search-open").waitFor();
      await p.screenshot({ path: join(outDir, `search-header-${width}-${colorScheme}.png`), clip: { x: 0, y: 0, width, height: 80 } });
      await p.keyboard.press("Control+K");
      await p.getByRole("combobox", { name: "Search everything" }).fill("pasta");
      await p.getByTestId("search-result").first().waitFor();
      await p.getByRole("group", { name: "Personas" }).waitFor();
      await p.keyboard.press("ArrowDown");
      await p.waitForFunction(() => [...document.images].every((img) => img.complete));
      const wide = await p.evaluate(() =>
        [...document.querySelectorAll("[data-testid=search-dialog] *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`),
      );
      if (wide.length > 0) console.log(`${width} ${colorScheme}: wider than the screen:\n  ${wide.join("\n  ")}`);
      await p.screenshot({ path: join(outDir, `search-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
