import type { PersonaCutout } from "../personas/service.ts";
import type { StyleKit } from "../../contract/style-kits.ts";
import type { EditImageInput, SceneChange } from "../../contract/chat.ts";
import type { GenerateStage as JobStage, ImageAspect, ImageStyle } from "../../contract/images.ts";

/** Stages an engine reports, in order; the job adds "queued" and "saving" around them (docs/product/images.md). */
export type GenerateStage = Exclude<JobStage, "queued" | "saving">;

export interface GenerateProgress {
  stage: GenerateStage;
  /** 0–100, never going down within one generation. */
  percent: number;
}

export interface GenerateInput {
  prompt: string;
  style: ImageStyle;
  aspect: ImageAspect;
  personas: readonly PersonaCutout[];
  baseImage?: Buffer | undefined;
  /** 32-bit unsigned; the same input and seed give the same bytes. */
  seed: number;
  /** Which variant of an A/B pack (0, 1 or 2) this is: an engine that can vary its composition per variant does. */
  variant?: number | undefined;
  /** A provider model draws the headline itself, as the creator asked; else it is a text layer drawn over (decision 036). */
  modelText?: boolean | undefined;
  /** The base image's own words stay as they are and no headline is added (a subject swap into a finished image). */
  keepText?: boolean | undefined;
  /** The creator's style kit to render in (docs/product/style-kits.md): Studio follows it, providers are told it. */
  styleKit?: StyleKit | undefined;
  /** The headline's words, when the creator named them (an edit that sets the headline); else taken from the prompt. */
  headline?: string | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: GenerateProgress) => void) | undefined;
}

export interface GenerateResult {
  png: Buffer;
  width: number;
  height: number;
  /** What the engine drew, as JSON, stored beside the image so it can be re-rendered or edited. */
  scene: unknown;
  /**
   * A new picture the scene is drawn over (a provider model's, without text; decision 036): kept as the image's base
   * image, so every later edit of the scene renders over it again. Absent when the base image stays as it was.
   */
  picture?: Buffer | undefined;
}

/** The one interface of every engine (docs/product/studio-engine.md): Studio locally, providers through the AI SDK. */
export type { PersonaCutout };

/** The layers an edit may change in a stored scene. */
export type SceneChanges = Partial<Pick<EditImageInput, "headline" | "headlineColor" | "headlineScale" | "headlinePosition" | "subjectPosition" | "style" | "artAdd" | "artRemove" | "headlineSide" | "backgroundColor" | "boost" | "aspect" | "headlineFont" | "shorterHeadline" | "headlineOutlineColor">>;

/** An edit of an image an engine drew from a scene it stored: the scene as read from the database, and the changes. */
export interface EditInput {
  scene: unknown;
  changes: SceneChanges;
  /** A variant of the scene (1, 2, 3…) to lay out before the changes are made; absent for a plain edit. */
  variant?: number | undefined;
  personas: readonly PersonaCutout[];
  baseImage?: Buffer | undefined;
  /** The creator's words for the edit: what a provider model is told when the picture itself changes. */
  instruction?: string | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: GenerateProgress) => void) | undefined;
}

/**
 * A persona swapped into an image an engine drew from a scene it stored: the scene, the personas by the scene's
 * subject index with the new one first (it takes the hero's place), and the backdrop photo the scene was drawn on.
 */
export interface SceneSwapInput {
  scene: unknown;
  personas: readonly PersonaCutout[];
  baseImage?: Buffer | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: GenerateProgress) => void) | undefined;
}

export interface ImageEngine {
  readonly id: string;
  generate(input: GenerateInput): Promise<GenerateResult>;
  /** Engines that store a scene (Studio) re-render it with layers changed; others edit by generating from the image. */
  edit?(input: EditInput): Promise<GenerateResult>;
  /** Whether `edit` takes this stored scene; without it, any scene does. Other images are edited by generating from them. */
  editsScene?(scene: unknown): boolean;
  /**
   * What an edit would change, worked out on the stored scene before anything is charged: [] for nothing. Undefined
   * when the engine cannot tell (no readable scene, or one that cannot take the edit: its job then fails and refunds).
   */
  diffEdit?(scene: unknown, changes: SceneChanges): SceneChange[] | undefined;
  /** Engines that store a scene (Studio) swap a persona into it by its layers; others swap by the subject's mask. */
  swapIntoScene?(input: SceneSwapInput): Promise<GenerateResult>;
}

/** Engines by model id: Studio always, and each provider model whose key is set. */
export type EngineSet = ReadonlyMap<string, ImageEngine>;
