import { readFileSync } from "node:fs";

/** The version in package.json: reported by /api/health and the API description. */
export const packageVersion: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
