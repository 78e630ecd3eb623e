import sharp from "sharp";
import { z } from "zod";
import { type ImageAspect, imageAspectSchema, imageStyleSchema, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_PERSONAS, MAX_PROMPT_LENGTH } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { styleKitSchema } from "../../contract/style-kits.ts";
import type { GenerateInput, GenerateProgress, GenerateResult, ImageEngine, PersonaCutout, SceneChanges, SceneSwapInput } from "../generation/engine.ts";
import type { EditorSubject, EditorText } from "../../contract/editor.ts";
import type { OverlayOptions } from "sharp";
import { type StudioLayers, studioBase, studioLayers } from "./editor-layers.ts";
import { createFontStore, type FontStore } from "./fonts.ts";
import { freeTextOverlays } from "./free-text.ts";
import { isUsablePhoto } from "./photo.ts";
import { renderScene } from "./render.ts";
import { createSubjectCache } from "./subject-cache.ts";
import { createArtCache } from "./art-cache.ts";
import { MAX_VARIANT } from "./compositions.ts";
import { buildScene } from "./scene.ts";
import { editScene, withoutRenderedText } from "./scene-edit.ts";
import { parseStudioScene } from "./scene-schema.ts";
import { relayScene, varyScene } from "./relay-scene.ts";
import { scaleScene } from "./scale-scene.ts";
import { diffScenes } from "./scene-diff.ts";
import { swapIntoScene } from "./scene-swap.ts";
import { buildPlateScene, type ClearArea, clearAreaOf, isPlateScene, type PlateScene, type PlateSceneInput } from "./plate-scene.ts";

export type { ClearArea, PlateScene, PlateSceneInput } from "./plate-scene.ts";

/** Whether a stored scene is a headline over a provider model's picture (decision 036), which the Studio re-renders. */
export function isModelPictureScene(value: unknown): boolean {
  const scene = parseStudioScene(value);
  return scene !== undefined && isPlateScene(scene);
}

/** Where the headline of a scene over a model's picture sits; undefined when it is no such scene. */
export function modelPictureClearArea(value: unknown): ClearArea | undefined {
  const scene = parseStudioScene(value);
  return scene && isPlateScene(scene) ? clearAreaOf(scene) : undefined;
}

/** Largest persona cut-out accepted, in bytes and pixels (the upload limits). */
const MAX_CUTOUT_BYTES = MAX_IMAGE_BYTES;
const MAX_CUTOUT_PIXELS = MAX_IMAGE_PIXELS;

const inputSchema = z.object({
  prompt: z.string().trim().min(1).max(MAX_PROMPT_LENGTH),
  style: imageStyleSchema,
  aspect: imageAspectSchema,
  seed: z.number().int().min(0).max(0xffffffff),
  variant: z.number().int().min(0).max(MAX_VARIANT).optional(),
  personas: z
    .array(z.object({ name: z.string().trim().min(1).max(64), png: z.instanceof(Buffer).refine((b) => b.length > 0 && b.length <= MAX_CUTOUT_BYTES) }))
    .max(MAX_PERSONAS),
});

/** Prepared art kept per engine: about thirty 16:9 objects with their treatment's masks. */
const ART_CACHE_BYTES = 96 * 1024 * 1024;

const personasSchema = inputSchema.shape.personas;

/** An edit of an image the Studio engine drew: its stored scene, the changes, and the same personas and base image. */
export interface EditInput {
  /** The image's stored scene, as read from the database: checked before anything else. */
  scene: unknown;
  changes: SceneChanges;
  /** A variant of the scene (1, 2, 3…) laid out before the changes are made (varyScene); absent for a plain edit. */
  variant?: number | undefined;
  /** The cut-outs by the scene's subject index, as they were given to generate; a subject without one is left out. */
  personas: readonly PersonaCutout[];
  baseImage?: Buffer | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: GenerateProgress) => void) | undefined;
}

/** A stored scene for the image editor, with the same personas and base image it was drawn with. */
export interface EditorSceneInput {
  scene: unknown;
  personas: readonly PersonaCutout[];
  baseImage?: Buffer | undefined;
}

/** A stored scene drawn for an export: laid out for `aspect`, on a canvas `scale` times that frame's size. */
export interface ExportSceneInput extends EditorSceneInput {
  aspect: ImageAspect;
  scale: number;
  signal?: AbortSignal | undefined;
}

export type { StudioLayers };

export interface StudioEngine extends ImageEngine {
  /** Re-renders a stored scene with one or more layers changed; the result's scene is the new one to store. */
  edit(input: EditInput): Promise<GenerateResult>;
  /** The scene taken apart for the image editor; undefined when it is no Studio scene. */
  editorLayers(input: EditorSceneInput): Promise<StudioLayers | undefined>;
  /** The scene's backplate with its personas at the editor's boxes, as a PNG; undefined when it is no Studio scene. */
  editorBase(input: EditorSceneInput & { subjects: readonly EditorSubject[] }): Promise<Buffer | undefined>;
  /** The editor's text layers drawn with the Studio's faces and outlines, as overlays for a canvas of that size. */
  editorText(texts: readonly EditorText[], canvas: { width: number; height: number }): Promise<OverlayOptions[]>;
  /** A stored scene's frame and headline; undefined when it is no Studio scene. */
  describeScene(scene: unknown): { aspect: ImageAspect; headline: string } | undefined;
  /** A stored scene drawn for an export (re-laid, scaled) as a PNG; undefined when it is no Studio scene. */
  renderExport(input: ExportSceneInput): Promise<Buffer | undefined>;
  /** Puts the first persona in the scene's hero layer (decision 030) and renders it; the result keeps the scene. */
  swapIntoScene(input: SceneSwapInput): Promise<GenerateResult>;
  /**
   * The scene a provider model's picture gets (decision 036): the prompt's headline as the only layer, in the area
   * the model is asked to keep clear. `edit` with the picture as its base image renders it.
   */
  pictureScene(input: PlateSceneInput): PlateScene;
}

/**
 * The offline Studio engine (docs/product/studio-engine.md): always available, no network, deterministic. The font
 * store and the prepared-persona cache are the engine's own, so faces are parsed and personas fitted once per engine.
 */
export function createStudioEngine(deps: { fonts?: FontStore; subjectCacheSize?: number; artCacheBytes?: number } = {}): StudioEngine {
  const fonts = deps.fonts ?? createFontStore();
  const subjects = createSubjectCache(deps.subjectCacheSize ?? 6);
  const art = createArtCache(deps.artCacheBytes ?? ART_CACHE_BYTES);
  // A persona prepared for a master is nine times the 1× one (~50 MB): kept, it would push the chat's out of the cache.
  const uncachedSubjects = createSubjectCache(0);
  const sceneParts = (input: EditorSceneInput) => {
    const scene = parseStudioScene(input.scene);
    return scene && { scene, parts: { fonts, subjects, art, cutouts: input.personas.map((p) => p.png), baseImage: input.baseImage } };
  };
  /** Renders a changed stored scene (an edit, a swap) again, after the same checks of its cut-outs and backdrop. */
  async function renderAgain(scene: ReturnType<typeof withoutRenderedText>, personas: readonly PersonaCutout[], input: SceneSwapInput): Promise<GenerateResult> {
    const progress = monotonic(input.onProgress);
    progress("layout", 5);
    await Promise.all(personas.map((p, i) => assertCutout(p.png, i)));
    const baseImage = input.baseImage;
    if (baseImage !== undefined && !(Buffer.isBuffer(baseImage) && (await isUsablePhoto(baseImage)))) {
      throw new AppError("unprocessable:base_image", "The base image is not a readable PNG, JPEG or WebP.");
    }
    const rendered = await renderScene(scene, { fonts, subjects, art, cutouts: personas.map((p) => p.png), baseImage, signal: input.signal, progress });
    progress("encode", 100);
    return { png: rendered.png, width: scene.width, height: scene.height, scene: rendered.scene };
  }
  return {
    id: "studio",
    async editorLayers(input) {
      const found = sceneParts(input);
      return found && studioLayers(found.scene, found.parts);
    },
    async editorBase(input) {
      const found = sceneParts(input);
      return found && studioBase(found.scene, input.subjects, found.parts);
    },
    editorText: (texts, canvas) => freeTextOverlays(texts, fonts, canvas),
    describeScene(value) {
      const scene = parseStudioScene(value);
      return scene && { aspect: scene.aspect, headline: scene.text[0]?.text ?? "" };
    },
    async renderExport(input) {
      const stored = parseStudioScene(input.scene);
      if (!stored) return undefined;
      // The stored scene is checked at its own size; the scaled one is larger than any stored scene may be and is
      // handed to the renderer only. Its text is fitted again at the new size rather than trusting the 1× lines.
      const scene = scaleScene(withoutRenderedText(relayScene(stored, input.aspect)), input.scale);
      const rendered = await renderScene(scene, {
        fonts,
        subjects: input.scale === 1 ? subjects : uncachedSubjects,
        art,
        cutouts: input.personas.map((p) => p.png),
        baseImage: input.baseImage,
        signal: input.signal,
        progress: () => {},
      });
      return rendered.png;
    },
    pictureScene: buildPlateScene,
    async generate(input: GenerateInput): Promise<GenerateResult> {
      input.signal?.throwIfAborted();
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) {
        throw new AppError(
          "invalid:generation",
          "The generation request is invalid.",
          parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      }
      const { prompt, style, aspect, seed, variant, personas } = parsed.data;
      let percent = 0;
      const progress = (stage: Parameters<NonNullable<GenerateInput["onProgress"]>>[0]["stage"], value: number) => {
        percent = Math.max(percent, value);
        input.onProgress?.({ stage, percent });
      };
      progress("layout", 5);
      await Promise.all(personas.map((p, i) => assertCutout(p.png, i)));
      const baseImage = input.baseImage;
      if (baseImage !== undefined && !(Buffer.isBuffer(baseImage) && (await isUsablePhoto(baseImage)))) {
        throw new AppError("unprocessable:base_image", "The base image is not a readable PNG, JPEG or WebP.");
      }
      const scene = buildScene({
        prompt,
        style,
        aspect,
        seed,
        ...(variant === undefined ? {} : { variant }),
        personaNames: personas.map((p) => p.name),
        hasBaseImage: baseImage !== undefined,
        ...(input.styleKit ? { kit: styleKitSchema.parse(input.styleKit) } : {}),
      });
      const rendered = await renderScene(scene, { fonts, subjects, art, cutouts: personas.map((p) => p.png), baseImage, signal: input.signal, progress });
      progress("encode", 100);
      return { png: rendered.png, width: scene.width, height: scene.height, scene: rendered.scene };
    },
    async edit(input: EditInput): Promise<GenerateResult> {
      input.signal?.throwIfAborted();
      const stored = parseStudioScene(input.scene);
      if (!stored) throw new AppError("unprocessable:image", "This image has no Studio scene that can be edited; generate a new one instead.");
      const personas = personasSchema.safeParse(input.personas);
      if (!personas.success) {
        throw new AppError(
          "invalid:generation",
          "The edit request is invalid.",
          personas.error.issues.map((i) => ({ path: `personas.${i.path.join(".")}`, message: i.message })),
        );
      }
      // What the last render decided about the text (lines, size, plate) is made again for the edited scene.
      const base = input.variant === undefined ? stored : varyScene(stored, input.variant);
      return renderAgain(withoutRenderedText(editScene(base, input.changes)), personas.data, input);
    },
    diffEdit(scene, changes) {
      const stored = parseStudioScene(scene);
      if (!stored) return undefined;
      try {
        return diffScenes(stored, editScene(stored, changes));
      } catch (err) {
        // An edit the scene cannot take (an object the art set cannot draw) is queued as before and fails in its job.
        if (err instanceof AppError) return undefined;
        throw err;
      }
    },
    async swapIntoScene(input: SceneSwapInput): Promise<GenerateResult> {
      input.signal?.throwIfAborted();
      const stored = parseStudioScene(input.scene);
      if (!stored) throw new AppError("unprocessable:image", "This image has no Studio scene to swap a persona into.");
      const personas = personasSchema.safeParse(input.personas);
      const [persona] = personas.success ? personas.data : [];
      if (!personas.success || !persona) throw new AppError("invalid:generation", "The swap request is invalid.");
      // The new persona may stand out more or less than the old one behind the headline: its plate is decided again.
      return renderAgain(withoutRenderedText(swapIntoScene(stored, persona.name)), personas.data, input);
    },
  };
}

/** Progress that never goes down, as the job's announcements require. */
function monotonic(report: EditInput["onProgress"]): (stage: GenerateProgress["stage"], value: number) => void {
  let percent = 0;
  return (stage, value) => {
    percent = Math.max(percent, value);
    report?.({ stage, percent });
  };
}

async function assertCutout(png: Buffer, index: number): Promise<void> {
  try {
    const meta = await sharp(png, { limitInputPixels: MAX_CUTOUT_PIXELS, failOn: "warning" }).metadata();
    if (meta.format === "png") return;
  } catch {
    // Fall through to the same answer as a wrong format: the bytes are not a usable cut-out.
  }
  throw new AppError("unprocessable:persona", `Persona ${index + 1} is not a readable PNG cut-out.`);
}
