import type { PersonaCutout } from "../personas/service.ts";
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
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: GenerateProgress) => void) | undefined;
}

export interface GenerateResult {
  png: Buffer;
  width: number;
  height: number;
  /** What the engine drew, as JSON, stored beside the image so it can be re-rendered or edited. */
  scene: unknown;
}

/** The one interface of every engine (docs/product/studio-engine.md): Studio locally, providers through the AI SDK. */
export type { PersonaCutout };

export interface ImageEngine {
  readonly id: string;
  generate(input: GenerateInput): Promise<GenerateResult>;
}

/** Engines by model id: Studio always, and each provider model whose key is set. */
export type EngineSet = ReadonlyMap<string, ImageEngine>;
