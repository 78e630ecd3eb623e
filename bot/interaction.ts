import type { APIActionRowComponent, APIComponentInMessageActionRow } from "discord.js";

/**
 * The part of discord.js's ChatInputCommandInteraction the commands use. discord.js's own object fits it; tests hand
 * in objects that behave the same way (reply once, defer within 3 seconds, edit after deferring).
 */
export interface ReplyPayload {
  content?: string;
  /** Rows of buttons under the message (Discord's action rows, as JSON). */
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
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
  readonly options: { getString(name: string): string | null; getBoolean(name: string): boolean | null };
  reply(payload: ReplyPayload): Promise<unknown>;
  deferReply(payload?: { flags?: number }): Promise<unknown>;
  editReply(payload: ReplyPayload): Promise<unknown>;
  /** A further message; the first after a deferral answers the deferred one (as private as the deferral was). */
  followUp(payload: ReplyPayload): Promise<unknown>;
}

/** A press of one of the bot's message buttons; `customId` says which (`<prefix>:<data>`, see button-list.ts). */
export interface ButtonPress {
  readonly customId: string;
  readonly user: { readonly id: string };
  readonly locale: string;
  readonly guildId: string | null;
  readonly channelId: string | null;
  readonly message: { readonly id: string };
  readonly deferred: boolean;
  readonly replied: boolean;
  reply(payload: ReplyPayload): Promise<unknown>;
  /** Changes the message the button is on, as the answer to the press. */
  update(payload: ReplyPayload): Promise<unknown>;
  deferUpdate(): Promise<unknown>;
  editReply(payload: ReplyPayload): Promise<unknown>;
  followUp(payload: ReplyPayload): Promise<unknown>;
}

/** A member typing in an option that offers suggestions (a persona's handle, a style kit's name). */
export interface AutocompleteRequest {
  readonly commandName: string;
  readonly user: { readonly id: string };
  readonly locale: string;
  readonly options: { getFocused(withType: true): { name: string; value: string } };
  respond(choices: { name: string; value: string }[]): Promise<unknown>;
}

/** Discord's "only you can see this" flag (MessageFlags.Ephemeral). */
export const EPHEMERAL = 64;
