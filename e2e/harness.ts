import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { mailedCode, startChildServer } from "../server/testing/child-server.ts";

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => typeof p === "string" && p !== "" && existsSync(p));
}

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  logs: string[];
  stop(): Promise<void>;
}

/** The run's migrated embedded database (e2e/global-setup.ts); none outside Vitest (the screenshot scripts). */
async function migratedPgliteDir(): Promise<string> {
  return process.env.VITEST ? (await import("vitest")).inject("migratedPgliteDir") : "";
}

/**
 * Starts the real server (`node server/main.ts`) on a random port with a temp data dir and embedded defaults, its
 * database a copy of the run's migrated one when there is one. `prepare` may fill the data dir first
 * (server/testing/gallery-seed.ts writes accounts and images into it).
 */
export async function startApp(env: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "tf-e2e-"));
  const migrated = await migratedPgliteDir();
  if (migrated) cpSync(migrated, join(dataDir, "db"), { recursive: true });
  await prepare?.(dataDir);
  const child = await startChildServer({ DATA_DIR: dataDir, ...env });
  return {
    baseUrl: child.url,
    dataDir,
    logs: child.logs,
    stop: async () => {
      await child.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asks /login for a code the way a person does and reads it from the dev mailbox. */
export async function requestCode(page: Page, baseUrl: string, email: string): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByTestId("code-digit-1").waitFor();
  return mailedCode(baseUrl, email);
}

/** Signs in by code (a new e-mail becomes an account) and waits for /app. */
export async function signInWithCode(page: Page, baseUrl: string, email: string): Promise<void> {
  const code = await requestCode(page, baseUrl, email);
  await page.getByTestId("code-digit-1").fill(code);
  await page.waitForURL(`${baseUrl}/app`);
}

/** Signs a new account in once, for contexts made with its state (cookies and storage): one sign-in for many screenshots. */
export async function signedInState(browser: Browser, baseUrl: string, email: string): Promise<Awaited<ReturnType<BrowserContext["storageState"]>>> {
  const signIn = await browser.newContext();
  try {
    await signInWithCode(await signIn.newPage(), baseUrl, email);
    return await signIn.storageState();
  } finally {
    await signIn.close();
  }
}

/**
 * Sends a prompt in the chat and waits for the image it makes; answers the new image's id. A message typed while an
 * answer still streams is not sent, so it waits for Send to come back first.
 */
export async function makeChatImage(page: Page, prompt: string): Promise<string> {
  await page.getByTestId("composer").getByRole("button", { name: "Send" }).waitFor();
  const ready = page.locator('[data-testid="chat-image"][data-status="ready"]');
  const done = await ready.count();
  await page.locator('[data-testid="composer"] textarea').fill(prompt);
  await page.locator('[data-testid="composer"] textarea').press("Enter");
  const image = ready.nth(done);
  await image.waitFor({ timeout: 60_000 });
  return (await image.getAttribute("data-image-id")) ?? "";
}

/** A spec's app and browser, started side by side. */
export async function openAppAndBrowser(env: Record<string, string> = {}): Promise<{ app: RunningApp; browser: Browser }> {
  const [app, browser] = await Promise.all([startApp(env), launchBrowser()]);
  return { app, browser };
}

/** Closes what openAppAndBrowser opened, whichever of the two started. */
export async function closeAppAndBrowser(opened: { app?: RunningApp | undefined; browser?: Browser | undefined }): Promise<void> {
  await opened.browser?.close();
  await opened.app?.stop();
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: "light" | "dark"; locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? "light",
    locale: options.locale ?? "en-US",
  });
}

/** axe-core on the current page: returns the violations, for an `toEqual([])` assertion with readable output. */
export async function axeViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}
