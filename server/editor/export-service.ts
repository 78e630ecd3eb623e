import type { Writable } from "node:stream";
import { ZipPassThrough } from "fflate";
import sharp from "sharp";
import {
  EXPORT_YOUTUBE_MAX_BYTES,
  exportAspects,
  type ExportKind,
  exportKinds,
  type ExportOption,
  type ExportsResponse,
  type ExportUnavailableReason,
  masterSize,
} from "../../contract/exports.ts";
import { type ImageAspect, imageAspects, MAX_IMAGE_PIXELS } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import type { PersonaService } from "../personas/service.ts";
import type { RateLimiter } from "../rate-limit/service.ts";
import { type EditorSceneInput, type ExportSceneInput, isModelPictureScene, type StudioEngine } from "../studio/engine.ts";
import { zipInto } from "../http/zip-into.ts";
import { attachmentHeader, fitUnder, headlineSlug } from "./export-files.ts";
import type { RenderPool } from "./render-pool.ts";
import { sceneSourceOf, sceneStateOf } from "./scene-source.ts";

/** Exports one account may ask for in an hour: each may be a 4K render, and a zip counts once. */
export const EXPORTS_PER_USER_PER_HOUR = 120;

/** What the zip holds: the 16:9 picture is the youtube file, so the 16x9 re-layout would be the same picture again. */
const ZIPPED_KINDS = ["youtube", "master", "9x16", "1x1"] as const satisfies readonly ExportKind[];

export interface ExportFile {
  bytes: Buffer;
  contentType: "image/png" | "image/jpeg";
  format: "png" | "jpeg";
  fileName: string;
  /** The Content-Disposition header naming it. */
  disposition: string;
}

type Row = Awaited<ReturnType<ImageService["owned"]>>;

interface Prepared {
  row: Row;
  slug: string;
  /** The scene to draw again, or why there is none. */
  scene: { input: EditorSceneInput; aspect: ImageAspect } | ExportUnavailableReason;
}

/**
 * Exports of one of the user's images (docs/product/images.md, Exports; decision 037): YouTube's file under 2 MB, the
 * 4K master drawn again from the Studio scene at the TV's size, the scene laid out for 9:16, 1:1 and 16:9, and all of
 * them in one zip. Nothing is charged and nothing is saved: each file is rendered on request, on the same render pool
 * as the editor.
 */
export function createExportService(deps: {
  images: ImageService;
  personas: PersonaService;
  studio: StudioEngine;
  renders: RenderPool;
  rateLimiter: RateLimiter;
  /** Where renders larger than a frame (the masters) are drawn: a worker thread in the app; the engine itself if absent. */
  renderLarge?: (input: ExportSceneInput) => Promise<Buffer | undefined>;
}) {
  const { images, studio, renders } = deps;
  const renderLarge = deps.renderLarge ?? ((input: ExportSceneInput) => studio.renderExport(input));
  const rule = { name: "export", limit: EXPORTS_PER_USER_PER_HOUR, windowMs: 3600_000 } as const;

  /** The image, its name, and its scene with what it was drawn with; `bytes: false` reads the database only. */
  async function prepare(userId: string, id: string, options: { bytes: boolean } = { bytes: true }): Promise<Prepared> {
    const row = await images.owned(userId, id);
    if (row.status !== "ready") throw new AppError("unprocessable:image", "Only a finished image can be exported.");
    const source = options.bytes ? await sceneSourceOf(deps, userId, row) : await sceneStateOf(deps, userId, row);
    const described = typeof source === "string" ? undefined : studio.describeScene(source.scene);
    // A headline over an image model's picture (docs/decisions/036-headlines-over-model-pictures.md) is a scene, but
    // drawing it at 4K or in another frame would only enlarge or crop the model's picture: not offered.
    const scene =
      typeof source === "string" ? source : isModelPictureScene(source.scene) ? "model_picture" : described ? { input: { personas: [], ...source }, aspect: described.aspect } : "no_scene";
    return { row, slug: headlineSlug(described?.headline ?? row.prompt), scene };
  }

  function sizeOf(kind: ExportKind, prepared: Prepared): { width: number; height: number } {
    if (kind === "youtube") return imageAspects["16:9"];
    if (kind === "master") return masterSize(typeof prepared.scene === "string" ? (prepared.row.aspect ?? "16:9") : prepared.scene.aspect);
    return imageAspects[exportAspects[kind]];
  }

  function nameOf(slug: string, size: { width: number; height: number }, extension: string): string {
    return `${slug}-${size.width}x${size.height}.${extension}`;
  }

  function file(prepared: Prepared, kind: ExportKind, bytes: Buffer, format: "png" | "jpeg"): ExportFile {
    const fileName = nameOf(prepared.slug, sizeOf(kind, prepared), format === "jpeg" ? "jpg" : "png");
    return { bytes, format, contentType: format === "jpeg" ? "image/jpeg" : "image/png", fileName, disposition: attachmentHeader(fileName) };
  }

  /** The scene, or the answer that says why this export needs one. */
  function sceneFor(prepared: Prepared, kind: ExportKind): { input: EditorSceneInput; aspect: ImageAspect } {
    if (typeof prepared.scene !== "string") return prepared.scene;
    const what = kind === "master" ? "A 4K master is drawn again from a Studio scene" : "A re-layout is the Studio scene laid out again";
    const why =
      prepared.scene === "no_scene"
        ? "this image has none (an upload or a provider's picture)"
        : prepared.scene === "model_picture"
          ? "this picture came from an image model, which would only be enlarged or cropped"
          : "a persona or the base photo it was drawn with is gone";
    throw new AppError("unprocessable:no_scene", `${what}, and ${why}.`, [{ path: "kind", message: prepared.scene }]);
  }

  async function renderFor(prepared: Prepared, aspect: ImageAspect, scale: number): Promise<Buffer> {
    const scene = sceneFor(prepared, "master");
    const png = await (scale > 1 ? renderLarge : studio.renderExport)({ ...scene.input, aspect, scale });
    if (!png) throw new AppError("unprocessable:no_scene", "This image has no Studio scene to draw again.");
    return png;
  }

  async function make(userId: string, prepared: Prepared, kind: ExportKind): Promise<ExportFile> {
    const { row } = prepared;
    const original = () => images.originalBytes(userId, row.id);
    return renders(async () => {
      if (kind === "youtube") {
        const sized = row.width === 1280 && row.height === 720;
        const picture = sized
          ? await original()
          : typeof prepared.scene !== "string"
            ? await renderFor(prepared, "16:9", 1)
            : await sharp(await original(), { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize(1280, 720, { fit: "cover", position: "attention" }).png().toBuffer();
        const fitted = await fitUnder(picture, EXPORT_YOUTUBE_MAX_BYTES);
        return file(prepared, kind, fitted.bytes, fitted.format);
      }
      const scene = sceneFor(prepared, kind);
      if (kind === "master") {
        const { width } = masterSize(scene.aspect);
        return file(prepared, kind, await renderFor(prepared, scene.aspect, width / imageAspects[scene.aspect].width), "png");
      }
      const aspect = exportAspects[kind];
      // The scene's own frame is its stored picture: the same render, already made.
      return file(prepared, kind, aspect === scene.aspect ? await original() : await renderFor(prepared, aspect, 1), "png");
    });
  }

  return {
    /** What can be exported from an image, with the sizes and names; nothing is rendered. */
    async options(userId: string, id: string): Promise<ExportsResponse> {
      // Asked each time the viewer shows an image: the database tells what can be made, no file is read.
      const prepared = await prepare(userId, id, { bytes: false });
      const exports: ExportOption[] = exportKinds.map((kind) => {
        const size = sizeOf(kind, prepared);
        const reason = kind === "youtube" || typeof prepared.scene !== "string" ? null : prepared.scene;
        return { kind, available: reason === null, reason, ...size, fileName: nameOf(prepared.slug, size, kind === "youtube" ? "jpg" : "png") };
      });
      return { exports, zipName: `${prepared.slug}-exports.zip` };
    },

    async file(userId: string, id: string, kind: ExportKind): Promise<ExportFile> {
      await deps.rateLimiter.enforce(rule, userId);
      return make(userId, await prepare(userId, id), kind);
    },

    /**
     * Every export the image offers in one zip, checked before anything is sent (a 404 or 429 is an answer, not half a
     * zip). `write` renders each file in its turn on the render pool and hands it to the zip: one file is held at a time.
     */
    async zip(userId: string, id: string): Promise<{ fileName: string; disposition: string; write(out: Writable): Promise<void> }> {
      await deps.rateLimiter.enforce(rule, userId);
      const prepared = await prepare(userId, id);
      const kinds = ZIPPED_KINDS.filter((kind) => kind === "youtube" || typeof prepared.scene !== "string");
      const fileName = `${prepared.slug}-exports.zip`;
      return {
        fileName,
        disposition: attachmentHeader(fileName),
        write: (out) => writeZip(out, kinds, (kind) => make(userId, prepared, kind)),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;

/** Stored, not deflated: PNG and JPEG are compressed already. Each entry is written as soon as it is rendered. */
async function writeZip(out: Writable, kinds: readonly ExportKind[], make: (kind: ExportKind) => Promise<ExportFile>): Promise<void> {
  const { zip, throwIfFailed } = zipInto(out);
  const modified = new Date();
  for (const kind of kinds) {
    if (out.destroyed) return;
    const made = await make(kind);
    const entry = new ZipPassThrough(made.fileName);
    entry.mtime = modified;
    zip.add(entry);
    entry.push(made.bytes, true);
    throwIfFailed();
  }
  zip.end();
  throwIfFailed();
}
