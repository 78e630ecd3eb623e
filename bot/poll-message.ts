import { type APIActionRowComponent, type APIButtonComponentWithCustomId, ButtonStyle, ComponentType } from "discord.js";
import type { PollMessageState } from "../server/community-polls/jobs.ts";
import { botMessages } from "./i18n.ts";

/** A vote button's custom id: `vote:<pollId>:<label>` (button-list.ts routes the `vote` prefix to buttons/vote.ts). */
export const voteCustomId = (pollId: string, label: string): string => `vote:${pollId}:${label}`;

/**
 * A poll's message as the channel shows it, in its poster's language: who asks, how to vote and when it closes,
 * with one button per image counting its votes ("A · 3"); once closed, the result and the buttons disabled.
 */
export function pollMessage(state: PollMessageState): { content: string; components: APIActionRowComponent<APIButtonComponentWithCustomId>[] } {
  const m = botMessages[state.language].polls;
  const open = state.status === "open" || state.status === "posting";
  const total = state.choices.reduce((sum, c) => sum + c.total, 0);
  const top = Math.max(0, ...state.choices.map((c) => c.total));
  const leaders = state.choices.filter((c) => c.total === top).map((c) => c.label);
  const result = state.winnerLabel
    ? m.winner({ label: state.winnerLabel, votes: top, total })
    : total === 0
      ? m.noVotes
      : m.tie({ labels: leaders.join(", ") });
  const lines = [
    m.question({ mention: state.askedBy ? `<@${state.askedBy}>` : null }),
    // Discord writes the time in each reader's own language and zone.
    open ? `${m.howTo}\n${m.votes({ count: total })} · ${m.closes({ when: `<t:${Math.floor(state.closesAt.getTime() / 1000)}:R>` })}` : `${m.closed} ${result}`,
  ];
  return {
    content: lines.join("\n"),
    components: [
      {
        type: ComponentType.ActionRow,
        components: state.choices.map((c) => ({
          type: ComponentType.Button,
          style: !open && c.label === state.winnerLabel ? ButtonStyle.Success : open ? ButtonStyle.Primary : ButtonStyle.Secondary,
          label: `${c.label} · ${c.total}`,
          custom_id: voteCustomId(state.pollId, c.label),
          disabled: !open,
        })),
      },
    ],
  };
}
