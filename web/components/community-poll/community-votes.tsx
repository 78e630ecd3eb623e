import type { CommunityPoll, CommunityPollListResponse } from "../../../contract/community-polls.ts";
import { latestPoll } from "../../lib/community-polls-api.ts";
import { CommunityPollPanel } from "./community-poll-panel.tsx";

/**
 * The poll a screen shows for its images (the newest), and whether a new one may be asked for: not while one is being
 * posted or takes votes, nor after a failure, whose panel offers Try again instead.
 */
export function pollsView(list: CommunityPollListResponse | undefined): { latest: CommunityPoll | undefined; mayAsk: boolean } {
  const latest = latestPoll(list?.polls ?? []);
  return { latest, mayAsk: !latest || latest.status === "closed" };
}

/*
 * A pack's, a comparison's or an image's community vote, beside its images:
 *
 *   const polls = useCommunityPolls({ kind: "pack", targetId: pack.id });
 *   <AskCommunity list={polls.data} request={{ kind: "pack", targetId: pack.id }} />
 *   <CommunityVotes list={polls.data} />
 *
 * Nothing while the list loads or if it failed: the images are what the screen is for.
 */
export function CommunityVotes({ list, names, showImages }: { list: CommunityPollListResponse | undefined; names?: Readonly<Record<string, string>>; showImages?: boolean }) {
  const { latest } = pollsView(list);
  return latest ? <CommunityPollPanel key={latest.id} poll={latest} names={names} showImages={showImages} /> : null;
}
