import { useQuery } from "@tanstack/react-query";
import { FEED_CHECK_PATH, FEED_FIX_PATH, type FeedCheck, feedCheckResponseSchema, feedFixResponseSchema, type FindingId } from "../../contract/feed-check.ts";
import type { ImageRecord } from "../../contract/images.ts";
import { actionRequest, apiRequest } from "./api.ts";

/**
 * One image's feed check: its pixels never change once it is ready, so the answer is kept for the page's life, except
 * that the check also compares the headline with the video title: saving a title invalidates it (video-title-field.tsx).
 */
export const feedCheckKey = (imageId: string) => ["feed-check", imageId] as const;

/** POST /api/images/:id/check: the feed check of a ready image (free). */
export async function runFeedCheck(imageId: string): Promise<FeedCheck> {
  const res = await apiRequest("POST", FEED_CHECK_PATH(encodeURIComponent(imageId)));
  return feedCheckResponseSchema.parse(await res.json()).check;
}

/** What a fix answers: the queued edit (202), or that the edit would leave the picture as it is (200, nothing charged). */
export type FeedFixOutcome = { kind: "image"; image: ImageRecord } | { kind: "no-change" };

/** POST /api/images/:id/fix: a finding's fix as an edit, charged like any edit, so it carries an Idempotency-Key. */
export async function applyFeedFix(imageId: string, finding: FindingId): Promise<FeedFixOutcome> {
  const res = await actionRequest("POST", FEED_FIX_PATH(encodeURIComponent(imageId)), { finding });
  const body = feedFixResponseSchema.parse(await res.json());
  return "image" in body ? { kind: "image", image: body.image } : { kind: "no-change" };
}

/**
 * The feed check of an image, asked for once it is ready, then kept per image id; `initial` is a check the caller
 * already holds (the chat's checkImage answer), so it is not asked for again.
 */
export function useFeedCheck(image: ImageRecord, initial?: FeedCheck) {
  return useQuery({
    queryKey: feedCheckKey(image.id),
    queryFn: () => runFeedCheck(image.id),
    enabled: image.status === "ready",
    ...(initial ? { initialData: initial } : {}),
    staleTime: Infinity,
    retry: false,
  });
}
