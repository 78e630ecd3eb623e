import { z } from "zod";
import type { Language } from "../../contract/languages.ts";
import type { CommunityPollStatus } from "../../contract/community-polls.ts";
import { defineJobType } from "../jobs/job-type.ts";

/**
 * The poll's message jobs (docs/product/community-votes.md), run by the bot's job runner only: it alone talks to
 * Discord. The post is queued with the poll, in its transaction; the close with the poll's closing.
 */
export const pollPostJob = defineJobType("community-poll-post", z.object({ pollId: z.uuid() }));
export const pollCloseJob = defineJobType("community-poll-close", z.object({ pollId: z.uuid() }));

/** Everything the channel message says, in its poster's language: the bot turns it into text and buttons. */
export interface PollMessageState {
  pollId: string;
  language: Language;
  /** The member who asked (mentioned without a ping). */
  askedBy: string | null;
  status: CommunityPollStatus;
  closesAt: Date;
  /** Per label, in order: while open, Discord's votes; once closed, the result's (the share page's and Discord's). */
  choices: { label: string; total: number }[];
  /** Once closed: the label with the most votes, or null on a tie or with no votes. */
  winnerLabel: string | null;
}

export interface PollFile {
  name: string;
  data: Buffer;
  contentType: string;
}

/** What talks to Discord for polls: the bot's REST client, or a test's recorder. */
export interface PollPoster {
  /** Posts the message with the images attached in label order; its id. */
  post(channelId: string, state: PollMessageState, files: PollFile[]): Promise<{ messageId: string }>;
  /** Changes the message's words and buttons (its images stay). */
  edit(channelId: string, messageId: string, state: PollMessageState): Promise<void>;
}
