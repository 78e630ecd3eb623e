import type { QueryClient } from "@tanstack/react-query";
import {
  communityPollClosePath,
  type CommunityPoll,
  type CommunityPollListResponse,
  communityPollListResponseSchema,
  communityPollResponseSchema,
  COMMUNITY_POLL_DEFAULT_HOURS,
  COMMUNITY_POLL_MAX_HOURS,
  COMMUNITY_POLLS_PATH,
  type CreateCommunityPollRequest,
} from "../../contract/community-polls.ts";
import type { ErrorCode } from "../../contract/errors.ts";
import { actionRequest, apiRequest, errorCodeOf, idempotencyMessageKey } from "./api.ts";

/** Which polls a screen shows: a pack's or a comparison's, or every poll one image is in (the gallery's viewer). */
export type CommunityPollSource = { kind: "pack" | "comparison"; targetId: string } | { imageId: string };

const rootKey = "community-polls";

/** The polls of one source, as TanStack Query keeps them. */
export const communityPollsKey = (source: CommunityPollSource) =>
  "imageId" in source ? ([rootKey, "image", source.imageId] as const) : ([rootKey, source.kind, source.targetId] as const);

export async function listCommunityPolls(source: CommunityPollSource): Promise<CommunityPollListResponse> {
  const query = new URLSearchParams("imageId" in source ? { imageId: source.imageId } : { kind: source.kind, targetId: source.targetId });
  const res = await apiRequest("GET", `${COMMUNITY_POLLS_PATH}?${query}`);
  return communityPollListResponseSchema.parse(await res.json());
}

/**
 * POST /api/community-polls: one click of Post carries one Idempotency-Key, and its retries after a dropped
 * connection the same one, so the community sees one message however many times it is sent.
 */
export async function createCommunityPoll(request: CreateCommunityPollRequest, key?: string): Promise<CommunityPoll> {
  const res = await actionRequest("POST", COMMUNITY_POLLS_PATH, request, { key });
  return communityPollResponseSchema.parse(await res.json()).poll;
}

export async function closeCommunityPoll(id: string): Promise<CommunityPoll> {
  const res = await apiRequest("POST", communityPollClosePath(encodeURIComponent(id)));
  return communityPollResponseSchema.parse(await res.json()).poll;
}

/** Whether a list of this source shows this poll. */
function shows(source: readonly unknown[], poll: CommunityPoll): boolean {
  const [, kind, id] = source;
  if (typeof id !== "string") return false;
  return kind === "image" ? poll.imageIds.includes(id) : poll.kind === kind && poll.targetId === id;
}

/**
 * A poll as the server sent it (a POST's answer or a `community:poll` event), in every cached list that shows it (or
 * in the one list `within` names): an older copy is replaced, a new poll goes first.
 */
export function storeCommunityPoll(queryClient: QueryClient, poll: CommunityPoll, within: readonly unknown[] = [rootKey]): void {
  for (const [key, list] of queryClient.getQueriesData<CommunityPollListResponse>({ queryKey: within })) {
    if (!list || !shows(key, poll)) continue;
    const known = list.polls.some((each) => each.id === poll.id);
    queryClient.setQueryData<CommunityPollListResponse>(key, {
      ...list,
      polls: known ? list.polls.map((each) => (each.id === poll.id ? poll : each)) : [poll, ...list.polls],
    });
  }
}

/** The poll a panel shows: the newest one (a failed poll's retry comes after it). */
export function latestPoll(polls: readonly CommunityPoll[]): CommunityPoll | undefined {
  return polls.reduce<CommunityPoll | undefined>((newest, poll) => (!newest || Date.parse(poll.createdAt) > Date.parse(newest.createdAt) ? poll : newest), undefined);
}

/** Every list of polls is read again: after a reconnect the events missed meanwhile are lost. */
export function refreshCommunityPolls(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [rootKey] });
}

// The failures a poll's POST can meet, by the kind of their code, so a subject added later still has words.
const messageKeyByKind: Partial<Record<string, string>> = {
  not_found: "poll.errors.not_found",
  conflict: "poll.errors.conflict",
  forbidden: "poll.errors.forbidden",
  not_configured: "poll.errors.not_configured",
  rate_limited: "poll.errors.rate_limited",
  unavailable: "poll.errors.unavailable",
};
// The polls' own codes (server/community-polls/service.ts) each have their sentence.
const messageKeyByCode: Partial<Record<ErrorCode, string>> = {
  "conflict:pack_not_ready": "poll.errors.not_ready",
  "conflict:comparison_not_ready": "poll.errors.not_ready",
  "conflict:discord_not_linked": "poll.errors.discord_not_linked",
  "unavailable:discord_feedback": "poll.errors.discord_feedback",
  "unprocessable:community_poll_images": "poll.errors.images",
  "not_found:community_poll": "poll.errors.poll_missing",
  "conflict:community_poll_closed": "poll.errors.closed",
  "rate_limited:community-poll": "poll.errors.poll_limit",
};

/** The `app` namespace key of the sentence for a failed poll request, in the reader's language. */
export function pollErrorKey(err: unknown): string {
  const idempotency = idempotencyMessageKey(err);
  if (idempotency) return idempotency;
  const code = errorCodeOf(err);
  if (!code) return "poll.errors.generic";
  return messageKeyByCode[code] ?? messageKeyByKind[code.split(":", 1)[0] ?? ""] ?? "poll.errors.generic";
}

/** The hours a poll was given, for asking again the same way. */
export function hoursOf(poll: CommunityPoll): number {
  const hours = Math.round((Date.parse(poll.closesAt) - Date.parse(poll.createdAt)) / 3_600_000);
  return Number.isFinite(hours) ? Math.min(COMMUNITY_POLL_MAX_HOURS, Math.max(1, hours)) : COMMUNITY_POLL_DEFAULT_HOURS;
}

/** The request that posts a failed poll's images again, for as long as it was given. */
export function requestAgain(poll: CommunityPoll): CreateCommunityPollRequest {
  const hours = hoursOf(poll);
  return poll.kind !== "images" && poll.targetId ? { kind: poll.kind, targetId: poll.targetId, hours } : { kind: "images", imageIds: poll.imageIds, hours };
}
