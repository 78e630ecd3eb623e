import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser, newContext, type RunningApp, startApp } from "./harness.ts";

// Against E2E_BASE_URL when given (CI's `npm start` smoke test), else a server of its own.
let app: RunningApp | undefined;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (process.env.E2E_BASE_URL) baseUrl = process.env.E2E_BASE_URL;
  else {
    app = await startApp();
    baseUrl = app.baseUrl;
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it("serves the waitlist page and a healthy API", async () => {
  const health = await fetch(`${baseUrl}/api/health/ready`).then((r) => r.json());
  expect(health).toMatchObject({ status: "ok", database: { kind: "pglite", reachable: true } });
  const page = await (await newContext(browser)).newPage();
  await page.goto(baseUrl);
  await page.getByRole("button", { name: "Notify Me" }).first().waitFor();
  expect(await page.title()).toContain("Thumbforge");
  await page.context().close();
});
