import type { ImageRecord } from "../../contract/images.ts";
import type { ListedImage } from "./store.ts";

/** A row as the API shows it: its bytes' URLs once it is ready. */
export function toImageRecord(row: ListedImage): ImageRecord {
  const base = `/api/images/${row.id}`;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    prompt: row.prompt,
    style: row.style,
    aspect: row.aspect,
    model: row.model,
    width: row.width,
    height: row.height,
    creditsSpent: row.creditsSpent,
    error: row.error,
    errorCode: row.errorCode,
    parentId: row.parentId,
    packId: row.packId,
    personaIds: row.personaIds,
    createdAt: row.createdAt.toISOString(),
    urls:
      row.status === "ready"
        ? { original: `${base}/original`, preview: `${base}/preview`, thumb: `${base}/thumb`, download: `${base}/original?download=1` }
        : null,
  };
}
