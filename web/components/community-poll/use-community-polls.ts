import { useQuery, useQueryClient } from "@tanstack/react-query";
import { communityPollsKey, type CommunityPollSource, listCommunityPolls, storeCommunityPoll } from "../../lib/community-polls-api.ts";
import { useSocketEvent, useSocketReconnect } from "../../lib/socket-context.tsx";

/**
 * The polls of one pack, comparison or image, live: each `community:poll` event (posted, a vote, closed, failed) is
 * written into this list, and a reconnect reads it again, since events sent meanwhile are lost.
 */
export function useCommunityPolls(source: CommunityPollSource | null) {
  const queryClient = useQueryClient();
  const key = source ? communityPollsKey(source) : null;
  const query = useQuery({
    queryKey: key ?? ["community-polls", "none"],
    queryFn: () => (source ? listCommunityPolls(source) : Promise.reject(new Error("no source"))),
    enabled: source !== null,
  });
  useSocketEvent("community:poll", ({ poll }) => {
    if (key) storeCommunityPoll(queryClient, poll, key);
  });
  useSocketReconnect(() => {
    if (key) void queryClient.invalidateQueries({ queryKey: key });
  });
  return query;
}
