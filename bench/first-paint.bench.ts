// First contentful paint of /app for a signed-in user (and of /login and / beside it), cold (a fresh browser context,
// nothing cached) with the CPU slowed 4× through the DevTools protocol, read from Chromium's own performance
// timeline. Lighthouse's figure for the same pages comes from `npm run bench -- lighthouse` where it is installed.
import { chromiumPath, launchBrowser } from "../e2e/harness.ts";
import { users } from "../db/schema/users.ts";
import { createSessionStore } from "../server/auth/session-store.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { median, startBenchApp } from "./lib.ts";

const RUNS = 7;
const CPU_SLOWDOWN = 4;

interface Paint {
  fcp: number;
  /** Scripts and styles fetched before the first paint, as they travelled (compressed). */
  scriptBytes: number;
  scripts: number;
}

export async function benchFirstPaint(): Promise<void> {
  if (!chromiumPath()) {
    console.log("\n## First paint\nskipped: Chromium not found (apt-get install -y chromium)");
    return;
  }
  const { app, base, stop } = await startBenchApp("paint");
  const browser = await launchBrowser();
  try {
    const db = app.database.db;
    const [created] = await db.insert(users).values({ email: `bench-paint-${Date.now()}@example.com` }).returning();
    if (!created) throw new Error("bench user not created");
    const user = created;
    const { token } = await createSessions({ store: createSessionStore(db), clock: Date.now }).create(user.id);

    async function paint(path: string, signedIn: boolean): Promise<Paint> {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: "en-US" });
      try {
        if (signedIn) {
          await context.addInitScript(
            ([sessionToken, stored]) => {
              localStorage.setItem("sessionToken", sessionToken);
              localStorage.setItem("auth_user", stored);
            },
            [token, JSON.stringify({ id: user.id, email: user.email })] as const,
          );
        }
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await page.goto(`${base}${path}`, { waitUntil: "load" });
        return await page.evaluate(
          () =>
            new Promise<Paint>((resolve) => {
              new PerformanceObserver((list, observer) => {
                const entry = list.getEntriesByName("first-contentful-paint")[0];
                if (!entry) return;
                observer.disconnect();
                const before = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
                  (r) => r.responseEnd <= entry.startTime && (r.initiatorType === "script" || r.name.endsWith(".js") || r.name.endsWith(".css")),
                );
                resolve({ fcp: entry.startTime, scriptBytes: before.reduce((sum, r) => sum + r.transferSize, 0), scripts: before.length });
              }).observe({ type: "paint", buffered: true });
            }),
        );
      } finally {
        await context.close();
      }
    }

    console.log(`\n## First contentful paint, cold, CPU slowed ${CPU_SLOWDOWN}× (Chromium's timeline; median of ${RUNS}, interleaved)`);
    console.log("| page | FCP ms (median) | min | max | scripts and styles before it | their bytes |");
    console.log("|---|---:|---:|---:|---:|---:|");
    const targets = [
      { name: "/app, signed in", path: "/app", signedIn: true },
      { name: "/login", path: "/login", signedIn: false },
      { name: "/ (prerendered)", path: "/", signedIn: false },
    ];
    const samples = new Map<string, Paint[]>(targets.map((t) => [t.name, []]));
    // One extra round first: the server's own first answers (and the disk cache of this machine) warm up.
    for (let round = 0; round <= RUNS; round++) {
      for (const target of targets) {
        const measured = await paint(target.path, target.signedIn);
        if (round > 0) samples.get(target.name)?.push(measured);
      }
    }
    for (const target of targets) {
      const runs = samples.get(target.name) ?? [];
      const fcps = runs.map((r) => r.fcp);
      const mid = runs.toSorted((a, b) => a.fcp - b.fcp)[Math.floor(runs.length / 2)];
      console.log(
        `| ${target.name} | ${median(fcps).toFixed(0)} | ${Math.min(...fcps).toFixed(0)} | ${Math.max(...fcps).toFixed(0)} | ${mid?.scripts ?? 0} | ${((mid?.scriptBytes ?? 0) / 1024).toFixed(1)} kB |`,
      );
    }
  } finally {
    await browser.close();
    await stop();
  }
}
