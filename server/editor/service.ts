import type { EditorDocument, EditorDownloadFormat, EditorLayersResponse } from "../../contract/editor.ts";
import type { ImageRecord } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import type { Logger } from "../logger.ts";
import type { PersonaService } from "../personas/service.ts";
import type { EditorSceneInput, StudioEngine } from "../studio/engine.ts";
import { encodeAs, renderEdit } from "./render-edit.ts";
import { createRenderPool, type RenderPool } from "./render-pool.ts";
import { sceneSourceOf } from "./scene-source.ts";

type Source = Awaited<ReturnType<ImageService["owned"]>>;

/**
 * The image editor (docs/product/editor.md): an image's layers made editable, and an edit document rendered at full
 * size, saved as a new `edited` image or answered as a download. The source image is only ever read.
 */
export function createEditorService(deps: { images: ImageService; personas: PersonaService; studio: StudioEngine; logger: Logger; renders?: RenderPool }) {
  const { images, studio } = deps;
  const renders = deps.renders ?? createRenderPool();

  async function source(userId: string, id: string): Promise<Source> {
    const row = await images.owned(userId, id);
    if (row.status !== "ready") throw new AppError("unprocessable:image", "Only a finished image can be edited.");
    return row;
  }

  /** The stored scene with what it was drawn with, or undefined when the image is not an editable Studio scene. */
  async function sceneOf(userId: string, row: Source): Promise<EditorSceneInput | undefined> {
    // A persona deleted or a base upload expired since: the picture can still be edited, as pixels.
    const found = await sceneSourceOf(deps, userId, row);
    return typeof found === "string" ? undefined : found;
  }

  async function render(userId: string, id: string, doc: EditorDocument): Promise<{ row: Source; png: Buffer }> {
    const row = await source(userId, id);
    return renders(async () => {
      const scene = await sceneOf(userId, row);
      const base = (scene && (await studio.editorBase({ ...scene, subjects: doc.subjects }))) ?? (await images.originalBytes(userId, row.id));
      const png = await renderEdit(base, doc, (canvas) => studio.editorText(doc.texts, canvas));
      return { row, png };
    });
  }

  return {
    async layers(userId: string, id: string): Promise<EditorLayersResponse> {
      const row = await source(userId, id);
      const image = await images.record(userId, id);
      const scene = await renders(async () => {
        const input = await sceneOf(userId, row);
        return input && studio.editorLayers(input);
      });
      if (!scene) return { image, studio: null };
      const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString("base64")}`;
      return {
        image,
        studio: {
          backplate: dataUrl(scene.backplate),
          front: scene.front ? dataUrl(scene.front) : null,
          subjects: scene.subjects.map((s) => ({ index: s.index, name: s.name, box: s.box, sprite: dataUrl(s.png), spriteRect: s.spriteRect })),
          texts: scene.texts,
        },
      };
    },

    /** Saves the edit as a new image; nothing is charged. Every tab's gallery hears of it, as of any new image. */
    async save(userId: string, id: string, doc: EditorDocument): Promise<ImageRecord> {
      const { row, png } = await render(userId, id, doc);
      return images.saveEdited(userId, row, png);
    },

    async download(userId: string, id: string, doc: EditorDocument, format: EditorDownloadFormat): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
      const { png } = await render(userId, id, doc);
      const encoded = await encodeAs(png, format);
      return { ...encoded, fileName: `thumbforge-${id.slice(0, 8)}-edited.${format === "jpeg" ? "jpg" : format}` };
    },
  };
}

export type EditorService = ReturnType<typeof createEditorService>;
