import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import type { PersonaService } from "../personas/service.ts";
import type { EditorSceneInput } from "../studio/engine.ts";

type Source = Awaited<ReturnType<ImageService["owned"]>>;

/** Why an image's scene cannot be drawn again: it has none, or what it was drawn with is gone. */
export type SceneMissing = "no_scene" | "parts_missing";

/**
 * An image's stored scene with what it was drawn with: its personas' cut-outs and its base photo, both from their
 * stored originals at full size. Uploads and provider pictures have no scene.
 */
export async function sceneSourceOf(deps: { images: ImageService; personas: PersonaService }, userId: string, row: Source): Promise<EditorSceneInput | SceneMissing> {
  return readScene(deps, userId, row, async () => {
    const cutouts = await deps.personas.cutouts(userId, row.personaIds);
    const baseImage = row.baseImageId ? await deps.images.originalBytes(userId, row.baseImageId) : undefined;
    return { personas: cutouts, baseImage };
  });
}

/** The same answer as sceneSourceOf from the database alone: whether the parts exist, without reading their bytes. */
export async function sceneStateOf(deps: { images: ImageService; personas: PersonaService }, userId: string, row: Source): Promise<{ scene: unknown } | SceneMissing> {
  return readScene(deps, userId, row, async () => {
    await deps.personas.assertOwned(userId, row.personaIds);
    if (row.baseImageId) await deps.images.record(userId, row.baseImageId);
    return {};
  });
}

async function readScene<T>(deps: { images: ImageService }, userId: string, row: Source, parts: () => Promise<T>): Promise<({ scene: unknown } & T) | SceneMissing> {
  if (row.kind === "upload") return "no_scene";
  const { scene } = await deps.images.editSource(userId, row.id);
  if (scene === null) return "no_scene";
  try {
    return { scene, ...(await parts()) };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return "parts_missing";
    throw err;
  }
}
