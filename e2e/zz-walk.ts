import { launchBrowser, newContext, signInWithCode, startApp } from "./harness.ts";
const [app, browser] = await Promise.all([startApp(), launchBrowser()]);
try {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await page.setViewportSize({ width: 1280, height: 1800 });
  await signInWithCode(page, app.baseUrl, "walk@example.com");
  const steps = [
    "make a cartoon thumbnail for 'I tried 100 days of coding'",
    "make the headline yellow",
    "make it pop",
    "make the headline yellow",
    "move the text to the right",
    "square for instagram",
    "three versions with a blue headline",
    "undo that",
    "make the background red",
    "hmm not sure, make it better?",
    "mach den Hintergrund grün",
    "元に戻して",
  ];
  let n = 0;
  for (const words of steps) {
    await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor({ timeout: 90_000 });
    const before = await page.locator('[data-testid="message"][data-role="assistant"]').count();
    await page.locator('[data-testid="composer"] textarea').fill(words);
    await page.locator('[data-testid="composer"] textarea').press("Enter");
    await page.locator('[data-testid="message"][data-role="assistant"]').nth(before).waitFor();
    await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor({ timeout: 90_000 });
    await page.waitForTimeout(1500);
    const last = page.locator('[data-testid="message"][data-role="assistant"]').last();
    const credits = await page.getByText(/credits$/).first().textContent();
    console.log(`> ${words}\n< ${(await last.innerText()).replace(/\n+/g, " | ").slice(0, 400)}\n  [${credits}]`);
    await page.screenshot({ path: `/tmp/walk/${String(++n).padStart(2, "0")}.png` });
  }
  await ctx.close();
} finally {
  await browser.close();
  await app.stop();
}
