// Builds the web app once, then runs the browser specs in e2e/ against the real server in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { chromiumPath } from "../e2e/harness.ts";

if (!chromiumPath()) {
  const message =
    "Browser tests need Chromium: run `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH.";
  if (process.env.CI === "true") {
    console.error(`${message}\nFailing because CI=true.`);
    process.exit(1);
  }
  console.warn(`${message}\nSkipping the browser tests.`);
  process.exit(0);
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npm", ["run", "--silent", "build"]);
run("vitest", ["run", "--project", "e2e", ...process.argv.slice(2)]);
