// Screenshots of a persona swapped into a Studio thumbnail from the chat (the thumbnail made with @astro, then @nova
// put into it), at 375 and 1280 px, light and dark:
//   npm run build && node_modules/.bin/node e2e/chat-swap-screenshots.ts ./screenshots
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";
import { composer, MODEL_TIMEOUT, savePersona, sendWithMention } from "./personas-in-chat.ts";

/** Tall enough to show the thumbnail and the swap made into it, one above the other. */
const THREAD_HEIGHT = 1700;
const outDir = process.argv[2] ?? "screenshots";
mkdirSync(outDir, { recursive: true });
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const signInContext = await newContext(browser);
  const page = await signInContext.newPage();
  await signInWithCode(page, app.baseUrl, "swap.shots@example.com");
  await composer(page).waitFor();
  await savePersona(page, "Astro");
  await savePersona(page, "Nova", { recoloured: true });
  await page.reload();
  await composer(page).waitFor();
  await sendWithMention(page, "Cartoon thumbnail 'DAY 1' with ", "astro", "");
  const made = page.locator('[data-testid="tool-card"][data-tool="tool-generateThumbnail"]');
  await made.getByText("Generated successfully").waitFor({ timeout: MODEL_TIMEOUT });
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  await sendWithMention(page, "put ", "nova", " in this picture");
  const swapCard = page.locator('[data-testid="tool-card"][data-tool="tool-replaceSubject"]');
  await swapCard.getByText("Generated successfully").waitFor({ timeout: MODEL_TIMEOUT });
  const url = page.url();
  const state = await signInContext.storageState();

  for (const width of [375, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height: THREAD_HEIGHT }, colorScheme, storageState: state });
      const p = await context.newPage();
      await p.goto(url);
      const swapped = p.locator('[data-testid="tool-card"][data-tool="tool-replaceSubject"] [data-testid="chat-image"][data-status="ready"] img');
      await swapped.first().waitFor({ timeout: 30_000 });
      await p.waitForTimeout(300);
      await p.screenshot({ path: join(outDir, `chat-swap-${width}-${colorScheme}.png`) });
      await context.close();
    }
  }
  await signInContext.close();
} finally {
  await browser.close();
  await app.stop();
}
