/**
 * The part of discord.js's ChatInputCommandInteraction the commands use. discord.js's own object fits it; tests hand
 * in objects that behave the same way (reply once, defer within 3 seconds, edit after deferring).
 */
export interface ReplyPayload {
  content?: string;
  flags?: number;
  files?: { attachment: Buffer; name: string }[];
  allowedMentions?: { users?: string[]; parse?: [] };
}

export interface CommandInteraction {
  readonly commandName: string;
  readonly user: { readonly id: string };
  /** The member's Discord client language (`en-US`, `es-ES`, `zh-CN`, `ja`…). */
  readonly locale: string;
  readonly channelId: string | null;
  readonly applicationId: string;
  /** Lets a follow-up be posted for 15 minutes after the command. */
  readonly token: string;
  readonly deferred: boolean;
  readonly replied: boolean;
  readonly options: { getString(name: string): string | null };
  reply(payload: ReplyPayload): Promise<unknown>;
  deferReply(payload?: { flags?: number }): Promise<unknown>;
  editReply(payload: ReplyPayload): Promise<unknown>;
}

/** Discord's "only you can see this" flag (MessageFlags.Ephemeral). */
export const EPHEMERAL = 64;
