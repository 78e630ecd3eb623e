// The feed check (docs/product/feed-check.md): p50 of a check warm (OCR workers loaded, after one warm-up) and cold
// (a new OCR engine per check), and how often OCR's read-back agrees with the scene's figures (cap height and
// contrast thresholds) on Studio thumbnails in the six languages, at every feed size, headlines at three sizes.
import sharp from "sharp";
import { feedSizes } from "../contract/feed-check.ts";
import { configureSharp } from "../server/compose/sharp-settings.ts";
import { runFeedCheck } from "../server/feed-check/check.ts";
import { createOcrEngine } from "../server/feed-check/engine.ts";
import { glance } from "../server/feed-check/pixels.ts";
import { READS_DISTANCE } from "../server/feed-check/text-match.ts";
import { CAP_FAIR, CJK_FAIR, CONTRAST_FAIR } from "../contract/legibility.ts";
import { createStudioEngine } from "../server/studio/engine.ts";
import { median } from "./lib.ts";

const PROMPTS: Record<string, string[]> = {
  en: ["I tried 100 days of coding", "best budget gaming setup"],
  es: ["el mejor setup gamer barato", "cómo aprendí a cocinar en 30 días"],
  fr: ["le meilleur setup gaming pas cher", "j'ai couru un marathon sans entraînement"],
  de: ["das beste günstige Gaming-Setup", "30 Tage ohne Zucker"],
  zh: ["最便宜的游戏装备推荐", "我用一百天学会编程"],
  ja: ["最強の格安ゲーミング環境", "百日間プログラミングに挑戦"],
};
/** Each thumbnail as drawn, then with its headline halved and quartered by the real edit: small enough to fail. */
const SHRINKS = [1, 0.5, 0.25];
const WARM_ROUNDS = 10;
const COLD_ROUNDS = 3;

interface Sample {
  language: string;
  png: Buffer;
  width: number;
  height: number;
  scene: unknown;
}

export async function benchFeedCheck(): Promise<void> {
  configureSharp();
  const studio = createStudioEngine();
  const samples: Sample[] = [];
  for (const [language, prompts] of Object.entries(PROMPTS)) {
    for (const [i, prompt] of prompts.entries()) {
      let made = await studio.generate({ prompt, style: i % 2 === 0 ? "cartoon" : "realistic", aspect: "16:9", personas: [], seed: 7 + i });
      for (const shrink of SHRINKS) {
        if (shrink < 1 && studio.edit) made = await studio.edit({ scene: made.scene, changes: { headlineScale: 0.5 }, personas: [] });
        samples.push({ language, png: made.png, width: made.width, height: made.height, scene: made.scene });
      }
    }
  }
  const inputOf = async (s: Sample) => ({ imageId: "bench", png: s.png, width: s.width, height: s.height, scene: s.scene, prompt: null, title: null, siblings: [], glance: await glance(s.png) });

  // Warm and cold, on the English thumbnails as drawn (the OCR method's path).
  const english = samples.filter((s) => s.language === "en");
  const warmEngine = createOcrEngine();
  await runFeedCheck(await inputOf(english[0]!), warmEngine, new Date());
  const warm: number[] = [];
  for (let i = 0; i < WARM_ROUNDS; i++) {
    const input = await inputOf(english[i % english.length]!);
    const t = performance.now();
    await runFeedCheck(input, warmEngine, new Date());
    warm.push(performance.now() - t);
  }
  const cold: number[] = [];
  for (let i = 0; i < COLD_ROUNDS; i++) {
    const input = await inputOf(english[i % english.length]!);
    const engine = createOcrEngine();
    const t = performance.now();
    await runFeedCheck(input, engine, new Date());
    cold.push(performance.now() - t);
    await engine.close();
  }

  // Agreement: OCR's own reading (before larger sizes inherit a smaller one's) against the scene's thresholds.
  const byLanguage = new Map<string, { agree: number; total: number; ocrReads: number; sceneReads: number }>();
  for (const sample of samples) {
    const check = await runFeedCheck(await inputOf(sample), warmEngine, new Date(), { ocrForCjk: true });
    const cjk = sample.language === "zh" || sample.language === "ja";
    const tally = byLanguage.get(sample.language) ?? { agree: 0, total: 0, ocrReads: 0, sceneReads: 0 };
    for (const size of check.sizes.filter((s) => s.theme === "dark")) {
      const ocrReads = size.distance !== null && size.distance <= READS_DISTANCE;
      const sceneReads = (size.capHeight ?? 0) >= (cjk ? CJK_FAIR : CAP_FAIR) && (size.contrast ?? 0) >= CONTRAST_FAIR;
      tally.total++;
      if (ocrReads === sceneReads) tally.agree++;
      if (ocrReads) tally.ocrReads++;
      if (sceneReads) tally.sceneReads++;
    }
    byLanguage.set(sample.language, tally);
  }
  await warmEngine.close();

  const { width, height } = await sharp(english[0]!.png).metadata();
  console.log(`\n## Feed check of a ${width}×${height} Studio thumbnail: ${Object.keys(feedSizes).length} sizes × 2 themes, OCR (eng) at 4 distinct slot sizes`);
  console.log("| target | p50 ms | rounds |");
  console.log("|---|---:|---:|");
  console.log(`| warm (OCR worker loaded) | ${median(warm).toFixed(0)} | ${warm.length} |`);
  console.log(`| cold (new OCR worker per check) | ${median(cold).toFixed(0)} | ${cold.length} |`);
  console.log(`\n## OCR read-back vs the scene's figures (cap height ≥ ${CAP_FAIR} px Latin / ${CJK_FAIR} px CJK and contrast ≥ ${CONTRAST_FAIR}), ${Object.values(PROMPTS)[0]!.length} prompts × ${SHRINKS.length} headline sizes per language, 6 feed sizes each`);
  console.log("| language | OCR data | agreement | OCR reads | scene reads | size results |");
  console.log("|---|---|---:|---:|---:|---:|");
  let agree = 0;
  let total = 0;
  for (const [language, t] of byLanguage) {
    agree += language === "zh" || language === "ja" ? 0 : t.agree;
    total += language === "zh" || language === "ja" ? 0 : t.total;
    const data = language === "zh" ? "chi_sim" : language === "ja" ? "jpn" : "eng";
    console.log(`| ${language} | ${data} | ${((100 * t.agree) / t.total).toFixed(0)}% | ${t.ocrReads} | ${t.sceneReads} | ${t.total} |`);
  }
  console.log(`| Latin (en, es, fr, de) | eng | ${((100 * agree) / total).toFixed(0)}% | | | ${total} |`);
}
