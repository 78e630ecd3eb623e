import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { vi } from "vitest";
import type { CommunityPoll, CommunityPollListResponse } from "../../../contract/community-polls.ts";
import type { ShareTallyRow } from "../../../contract/shares.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { PublicConfigContext } from "../../lib/public-config-context.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { fakeSocket } from "../../testing/socket-fixture.ts";
import { AskCommunity } from "./ask-community.tsx";
import { CommunityVotes, pollsView } from "./community-votes.tsx";
import { useCommunityPolls } from "./use-community-polls.ts";

// Test-only: community polls as the API answers them, and the providers a signed-in screen gives the poll parts.

export const PACK = "11111111-1111-4111-8111-111111111111";
export const IMAGE_IDS = ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "cccccccc-cccc-4ccc-8ccc-cccccccccccc"] as const;
export const INVITE = "https://discord.gg/test-invite";

/** One row per image; `votes[i]` is [discord, web] for image i. */
export function tally(...votes: [number, number][]): ShareTallyRow[] {
  return votes.map(([discord, web], index) => ({ imageId: IMAGE_IDS[index] ?? `x${index}`, label: String.fromCharCode(65 + index), discord, web, total: discord + web }));
}

export function poll(over: Partial<CommunityPoll> = {}): CommunityPoll {
  const createdAt = new Date(Date.now() - 60_000).toISOString();
  return {
    id: "poll-1",
    kind: "pack",
    targetId: PACK,
    imageIds: [...IMAGE_IDS],
    status: "open",
    createdAt,
    closesAt: new Date(Date.parse(createdAt) + 24 * 3_600_000).toISOString(),
    closedAt: null,
    messageUrl: "https://discord.com/channels/1/2/3",
    tally: tally([0, 0], [0, 0], [0, 0]),
    winnerImageId: null,
    ...over,
  };
}

export const listAnswer = (over: Partial<CommunityPollListResponse> = {}): CommunityPollListResponse => ({ polls: [], canPost: true, cannotPostReason: null, ...over });

export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Stubs fetch with `answer`, recording each request. */
export function stubApi(answer: (request: SeenRequest) => Response | Promise<Response>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> };
      seen.push(request);
      return answer(request);
    }),
  );
  return seen;
}

/** `seed` fills the cache first (the model list a comparison names its tiles from). */
export function renderWithPolls(ui: ReactNode, i18n: I18n, seed?: (client: QueryClient) => void) {
  const { socket, emit } = fakeSocket();
  const client = createQueryClient();
  seed?.(client);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <PublicConfigContext value={{ discordInviteUrl: INVITE, supportEmail: "support@example.com", feedbackUrl: "https://example.com/feedback", version: "test" }}>
        <QueryClientProvider client={client}>
          <SocketProvider userId="u1" connect={() => socket}>
            {ui}
          </SocketProvider>
        </QueryClientProvider>
      </PublicConfigContext>
    </I18nextProvider>,
  );
  return { ...view, client, emit };
}

/** A pack's polls as the chat's pack card shows them: Ask the community, then the newest poll's panel. */
export function PackPolls() {
  const polls = useCommunityPolls({ kind: "pack", targetId: PACK });
  const { latest, mayAsk } = pollsView(polls.data);
  return (
    <>
      {mayAsk && <AskCommunity list={polls.data} request={{ kind: "pack", targetId: PACK }} again={Boolean(latest)} />}
      <CommunityVotes list={polls.data} />
    </>
  );
}
