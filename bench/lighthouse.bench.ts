// Lighthouse (mobile) on / and /landing, and the JavaScript bytes / loads. Lighthouse is installed in
// bench/lighthouse/ on first use, apart from the app's lockfile (its tree pins third-party-web@latest).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { chromiumPath } from "../e2e/harness.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startNode } from "../server/compose/start-node.ts";

const lighthouseDir = fileURLToPath(new URL("./lighthouse/", import.meta.url));

interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null }>;
    audits: Record<
      string,
      { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } }
    >;
  };
}

export async function benchLighthouse(): Promise<void> {
  const chromePath = chromiumPath();
  if (!chromePath) {
    console.log("\n## Lighthouse\nskipped: Chromium not found (apt-get install -y chromium)");
    return;
  }
  if (!existsSync(`${lighthouseDir}node_modules/lighthouse`)) {
    const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", lighthouseDir], { stdio: "inherit" });
    if (install.status !== 0) throw new Error("could not install Lighthouse into bench/lighthouse");
  }
  // Computed paths keep the app's typecheck independent of this optional install.
  const chromeLauncher = (await import(`${lighthouseDir}node_modules/chrome-launcher/dist/index.js`)) as {
    launch(o: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> }>;
  };
  const lighthouse = ((await import(`${lighthouseDir}node_modules/lighthouse/core/index.js`)) as {
    default: (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult>;
  }).default;

  const dataDir = mkdtempSync(`${tmpdir()}/tf-lh-`);
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent" }, "bench");
  const app = await startNode(config, createLogger(config));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    console.log("\n## Lighthouse (mobile, simulated throttling; median of 3 runs)");
    console.log("| page | performance | accessibility | best practices | SEO | JS transferred (gzip) |");
    console.log("|---|---:|---:|---:|---:|---:|");
    const details: string[] = [];
    for (const path of ["/", "/landing"]) {
      const runs: { scores: number[]; js: number; metrics: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const { lhr } = await lighthouse(`http://127.0.0.1:${app.port}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        const scores = ["performance", "accessibility", "best-practices", "seo"].map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
        const js = (lhr.audits["network-requests"]?.details?.items ?? [])
          .filter((item) => item.resourceType === "Script")
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? 0);
        const metrics = `FCP ${ms("first-contentful-paint")} ms, LCP ${ms("largest-contentful-paint")} ms, TBT ${ms("total-blocking-time")} ms, CLS ${(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}, SI ${ms("speed-index")} ms`;
        runs.push({ scores, js, metrics });
      }
      runs.sort((a, b) => (a.scores[0] ?? 0) - (b.scores[0] ?? 0));
      const mid = runs[1] ?? runs[0];
      if (!mid) continue;
      console.log(`| ${path} | ${mid.scores.join(" | ")} | ${(mid.js / 1024).toFixed(1)} kB |`);
      details.push(`${path}: ${mid.metrics}`);
    }
    for (const line of details) console.log(line);
  } finally {
    await chrome.kill();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
