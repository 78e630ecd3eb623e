import { describe, expect, it } from "vitest";
import type { CommunityPoll, CommunityPollListResponse } from "../../contract/community-polls.ts";
import { ApiError } from "./api.ts";
import { communityPollsKey, latestPoll, pollErrorKey, requestAgain, storeCommunityPoll } from "./community-polls-api.ts";
import { createQueryClient } from "./query-client.ts";

const at = (hours: number) => new Date(Date.UTC(2026, 10, 27, 10) + hours * 3_600_000).toISOString();
const poll = (over: Partial<CommunityPoll> = {}): CommunityPoll => ({
  id: "p1",
  kind: "pack",
  targetId: "pack-1",
  imageIds: ["a", "b", "c"],
  status: "open",
  createdAt: at(0),
  closesAt: at(24),
  closedAt: null,
  messageUrl: null,
  tally: [],
  winnerImageId: null,
  ...over,
});
const list = (polls: CommunityPoll[]): CommunityPollListResponse => ({ polls, canPost: true, cannotPostReason: null });

describe("community polls in the cache", () => {
  it("a poll goes into every list that shows it: its pack's and each of its images', not another pack's", () => {
    const client = createQueryClient();
    const keys = [communityPollsKey({ kind: "pack", targetId: "pack-1" }), communityPollsKey({ imageId: "b" }), communityPollsKey({ kind: "pack", targetId: "pack-2" }), communityPollsKey({ imageId: "z" })];
    for (const key of keys) client.setQueryData(key, list([]));
    storeCommunityPoll(client, poll());
    expect(keys.map((key) => client.getQueryData<CommunityPollListResponse>(key)?.polls.length)).toEqual([1, 1, 0, 0]);
    storeCommunityPoll(client, poll({ status: "closed" }));
    expect(client.getQueryData<CommunityPollListResponse>(keys[0] ?? [])?.polls.map((each) => each.status)).toEqual(["closed"]);
    // Limited to one list: the others keep what they had.
    storeCommunityPoll(client, poll({ status: "failed" }), keys[1]);
    expect(client.getQueryData<CommunityPollListResponse>(keys[0] ?? [])?.polls[0]?.status).toBe("closed");
    expect(client.getQueryData<CommunityPollListResponse>(keys[1] ?? [])?.polls[0]?.status).toBe("failed");
  });

  it("the newest poll is shown; a failed one is asked again for the same images and hours", () => {
    expect(latestPoll([poll({ id: "old" }), poll({ id: "new", createdAt: at(5) }), poll({ id: "older", createdAt: at(-5) })])?.id).toBe("new");
    expect(latestPoll([])).toBeUndefined();
    expect(requestAgain(poll({ closesAt: at(72) }))).toEqual({ kind: "pack", targetId: "pack-1", hours: 72 });
    expect(requestAgain(poll({ kind: "images", targetId: null, imageIds: ["a", "b"], closesAt: at(1) }))).toEqual({ kind: "images", imageIds: ["a", "b"], hours: 1 });
  });

  it("a failed request's sentence goes by its code, then its kind, else the generic one", () => {
    const err = (code: string, status = 409) => new ApiError(status, JSON.stringify({ error: "x", code }));
    expect(pollErrorKey(err("conflict:pack_not_ready"))).toBe("poll.errors.not_ready");
    expect(pollErrorKey(err("not_found:comparison", 404))).toBe("poll.errors.not_found");
    expect(pollErrorKey(err("rate_limited:share-vote", 429))).toBe("poll.errors.rate_limited");
    expect(pollErrorKey(err("unprocessable:idempotency_key_reused", 422))).toBe("common:errors.idempotency_key_reused");
    expect(pollErrorKey(err("internal:unexpected", 500))).toBe("poll.errors.generic");
    // The polls' own codes each have their sentence, before their kind's.
    expect(pollErrorKey(err("conflict:discord_not_linked"))).toBe("poll.errors.discord_not_linked");
    expect(pollErrorKey(err("unavailable:discord_feedback", 503))).toBe("poll.errors.discord_feedback");
    expect(pollErrorKey(err("unprocessable:community_poll_images", 422))).toBe("poll.errors.images");
    expect(pollErrorKey(err("not_found:community_poll", 404))).toBe("poll.errors.poll_missing");
    expect(pollErrorKey(err("conflict:community_poll_closed"))).toBe("poll.errors.closed");
    expect(pollErrorKey(err("rate_limited:community-poll", 429))).toBe("poll.errors.poll_limit");
    expect(pollErrorKey(new TypeError("Failed to fetch"))).toBe("poll.errors.generic");
  });
});
