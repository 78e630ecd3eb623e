import { createHash } from "node:crypto";
import { type FeedCheck, type FeedFixResponse, feedCheckSchema, type FindingId } from "../../contract/feed-check.ts";
import type { Pack } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { GenerationService } from "../generation/service.ts";
import type { ImageRow } from "../../db/schema/images.ts";
import type { ImageService } from "../images/service.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import { runFeedCheck } from "./check.ts";
import { createCheckPool } from "./check-pool.ts";
import { fixInstruction } from "./fix-instruction.ts";
import type { OcrEngine } from "./engine.ts";
import { glance } from "./pixels.ts";
import type { FeedCheckStore } from "./store.ts";
import sharp from "sharp";

/**
 * Bumped whenever what a check measures or decides changes: every stored result under an older version is made
 * again on its next request.
 */
export const CHECK_VERSION = 2;

/** The cache key of an image's check: its pixels never change once ready, so only the title and the check's version can. */
export function checkKey(imageId: string, title: string | null): string {
  return createHash("sha256").update(JSON.stringify([imageId, title, CHECK_VERSION])).digest("hex");
}

/**
 * The feed check (docs/product/feed-check.md): a ready image of the user's checked at YouTube's feed sizes, the result
 * kept per image and title; and the fix of one finding, queued as a scene edit like any other.
 */
export function createFeedCheckService(deps: {
  images: ImageService;
  packs: { record(userId: string, packId: string): Promise<Pack> };
  generation: Pick<GenerationService, "requestEdit">;
  store: FeedCheckStore;
  ocr: OcrEngine;
  rateLimiter: RateLimiter;
  limitPerHour: number;
  clock: () => number;
}) {
  const { images, store } = deps;
  const rule: RateRule = { name: "feed-check", limit: deps.limitPerHour, windowMs: 3600_000 };
  // Two checks at a time per process and a short queue bound the memory a burst takes (the OCR threads queue their
  // reads per language on their own).
  const slots = createCheckPool();
  // The same check asked twice at once (a double click, two tabs) is made once.
  const running = new Map<string, Promise<FeedCheck>>();

  async function siblingsOf(userId: string, packId: string | null, imageId: string): Promise<{ id: string; glance: Buffer }[]> {
    if (!packId) return [];
    const pack = await deps.packs.record(userId, packId);
    const others = pack.images.filter((image) => image.id !== imageId && image.status === "ready");
    return Promise.all(others.map(async (image) => ({ id: image.id, glance: await glance(await images.originalBytes(userId, image.id)) })));
  }

  async function make(userId: string, row: Omit<ImageRow, "scene">, key: string): Promise<FeedCheck> {
    const imageId = row.id;
    // The scene and the original are read once the check's turn comes: a waiting check holds neither.
    const check = await slots(async () => {
      const scene = row.kind === "upload" ? null : (await images.editSource(userId, imageId)).scene;
      const png = await images.originalBytes(userId, imageId);
      // A ready image records its size; only a row without one has its header read.
      const { width, height } = row.width && row.height ? { width: row.width, height: row.height } : await sharp(png).metadata();
      if (!width || !height) throw new AppError("unprocessable:image", "This image cannot be read.");
      return runFeedCheck(
        { imageId, png, width, height, scene, prompt: row.prompt, title: row.title, siblings: await siblingsOf(userId, row.packId, imageId), glance: await glance(png) },
        deps.ocr,
        new Date(deps.clock()),
      );
    });
    await store.save({ imageId, userId, key, result: check });
    return check;
  }

  async function check(userId: string, imageId: string): Promise<FeedCheck> {
    const row = await images.owned(userId, imageId);
    if (row.status !== "ready") throw new AppError("unprocessable:image", "Only a finished image can be checked.");
    const key = checkKey(imageId, row.title);
    const cached = feedCheckSchema.safeParse(await store.find(imageId, key));
    if (cached.success) return cached.data;
    let pending = running.get(key);
    if (!pending) {
      await deps.rateLimiter.enforce(rule, userId);
      pending = make(userId, row, key).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  }

  return {
    check,

    /** Queues the edit that mends one finding of the image's check; 422 when the check has no such finding or no fix for it. */
    async fix(userId: string, imageId: string, findingId: FindingId): Promise<{ status: 200 | 202; body: FeedFixResponse }> {
      const result = await check(userId, imageId);
      const finding = result.findings.find((f) => f.id === findingId);
      if (!finding) throw new AppError("unprocessable:finding", "The feed check found nothing of that kind in this image.");
      if (!finding.fix) throw new AppError("unprocessable:finding", "No edit can mend that one. Follow the advice instead.");
      // The instruction is for the model; the new version keeps the creator's prompt for the gallery and alt text.
      const outcome = await deps.generation.requestEdit(userId, { imageId, instruction: fixInstruction(finding.fix), changes: finding.fix.changes }, { keepParentPrompt: true });
      return outcome.kind === "queued" ? { status: 202, body: { image: outcome.image } } : { status: 200, body: { outcome: "no-change" } };
    },
  };
}

export type FeedCheckService = ReturnType<typeof createFeedCheckService>;
