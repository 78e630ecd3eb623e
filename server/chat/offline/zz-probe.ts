import { readIntent } from "./intent.ts";
import { guessLanguage } from "./language-guess.ts";
const img = "11111111-1111-4111-8111-111111111111";
const lines = (await import("node:fs")).readFileSync("/tmp/cases.txt", "utf8").split("\n").filter(Boolean);
for (const line of lines) {
  const [flag, c] = line.split("|");
  const language = guessLanguage(c!);
  const ids = flag === "img" ? [img] : [];
  console.log(language, flag, JSON.stringify(c), "→", JSON.stringify(readIntent(c!, { language, imageIds: ids, latestBatch: ids, attachmentIds: [] })));
}
