import type { ImageRecord } from "../../contract/images.ts";

/** An image record for tests: a pending 16:9 Studio image unless `patch` says otherwise. */
export function imageRecord(id: string, patch: Partial<ImageRecord> = {}): ImageRecord {
  return {
    id,
    kind: "generated",
    status: "pending",
    prompt: "a prompt",
    style: "realistic",
    aspect: "16:9",
    model: "studio",
    width: 1280,
    height: 720,
    creditsSpent: 1,
    error: null,
    errorCode: null,
    parentId: null,
    packId: null,
    createdAt: "2026-11-22T10:00:00.000Z",
    urls: null,
    ...patch,
  };
}
