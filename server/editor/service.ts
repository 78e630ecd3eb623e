import pLimit from "p-limit";
import type { EditorDocument, EditorDownloadFormat, EditorLayersResponse } from "../../contract/editor.ts";
import type { ImageRecord } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import type { Logger } from "../logger.ts";
import type { PersonaService } from "../personas/service.ts";
import type { EditorSceneInput, StudioEngine } from "../studio/engine.ts";
import { encodeAs, renderEdit } from "./render-edit.ts";

const MAX_QUEUED_RENDERS = 8;

type Source = Awaited<ReturnType<ImageService["owned"]>>;

/**
 * The image editor (docs/product/editor.md): an image's layers made editable, and an edit document rendered at full
 * size, saved as a new `edited` image or answered as a download. The source image is only ever read.
 */
export function createEditorService(deps: { images: ImageService; personas: PersonaService; studio: StudioEngine; logger: Logger }) {
  const { images, personas, studio } = deps;
  // A full-size render decodes the whole picture: two at a time per process bounds the memory a burst can take,
  // and a short queue behind them bounds the wait; past it the answer is "busy, try again".
  const limit = pLimit(2);
  const renders = <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= MAX_QUEUED_RENDERS) {
      return Promise.reject(new AppError("unavailable:editor_busy", "The editor is busy. Try again in a moment.", undefined, { retryAfterSeconds: 2 }));
    }
    return limit(work);
  };

  async function source(userId: string, id: string): Promise<Source> {
    const row = await images.owned(userId, id);
    if (row.status !== "ready") throw new AppError("unprocessable:image", "Only a finished image can be edited.");
    return row;
  }

  /** The stored scene with what it was drawn with, or undefined when the image is not an editable Studio scene. */
  async function sceneOf(userId: string, row: Source): Promise<EditorSceneInput | undefined> {
    if (row.kind === "upload") return undefined;
    const { scene } = await images.editSource(userId, row.id);
    if (scene === null) return undefined;
    try {
      const cutouts = await personas.cutouts(userId, row.personaIds);
      const baseImage = row.baseImageId ? await images.originalBytes(userId, row.baseImageId) : undefined;
      return { scene, personas: cutouts, baseImage };
    } catch (err) {
      // A persona deleted or a base upload expired since: the picture can still be edited, as pixels.
      if (err instanceof AppError && err.status === 404) return undefined;
      throw err;
    }
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
