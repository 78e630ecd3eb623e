import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import {
  type APIActionRowComponent,
  type ApplicationFlags,
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIAttachment,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIApplicationCommandAutocompleteGuildInteraction,
  type APIComponentInMessageActionRow,
  type APIGuildMember,
  type APIGuildTextChannel,
  type APIInteractionGuildMember,
  type APIMessage,
  type APIMessageComponentButtonInteraction,
  type APIRole,
  type APIUser,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ChannelType,
  ComponentType,
  GatewayCloseCodes,
  GatewayDispatchEvents,
  type GatewayGuildCreateDispatchData,
  GatewayIntentBits,
  GatewayOpcodes,
  type GatewayReadyDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildVerificationLevel,
  InteractionContextType,
  InteractionResponseType,
  InteractionType,
  Locale,
  MessageFlags,
  MessageType,
  type RESTGetAPIGatewayBotResult,
  type RoleFlags,
} from "discord.js";
import { type WebSocket, WebSocketServer } from "ws";

/**
 * A local Discord for the bot's tests: one loopback HTTP server speaking the v10 REST API under `/api` and the
 * gateway (JSON encoding, no compression) on the same port. discord.js's real Client connects to it with nothing
 * changed but its REST root: the gateway's address comes from `GET /gateway/bot`, as from Discord.
 *
 * It holds one server (guild) with its channels, roles and members, one gateway session that a dropped connection
 * can resume (missed dispatches replayed by sequence), and it keeps Discord's rules a bot can trip on: the bot token
 * on every authenticated call, an interaction answered once and within 3 seconds, a role given only below the bot's
 * own. Every REST request and every gateway payload the client sends is recorded, for tests to assert and wait on.
 */

export interface StandInOptions {
  /** The bot token the client must present (gateway IDENTIFY and REST `Authorization: Bot …`). */
  token: string;
  guild: {
    id: string;
    name?: string;
    preferredLocale?: Locale;
    /** Text channels. */
    channels: { id: string; name: string }[];
    /** Roles besides @everyone and the bot's own (which is placed above them all). */
    roles: { id: string; name: string }[];
    members?: { id: string; username: string; roles?: string[] }[];
  };
  /** Whether the Server Members privileged intent is switched on in the Developer Portal (default true). */
  membersIntent?: boolean;
  /** Discord's is 41.25 s; the client's first beat comes at a random fraction of it. */
  heartbeatIntervalMs?: number;
  /** How long after it is created an interaction can be answered (Discord: 3 s). */
  interactionDeadlineMs?: number;
}

export interface RecordedFile {
  field: string;
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** The route without `/api/v10` and without the query, e.g. `/channels/123/messages`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The JSON body, or a multipart request's `payload_json`, parsed. */
  body: unknown;
  /** A multipart request's files, in order. */
  files: RecordedFile[];
  /** The status the stand-in answered. */
  status: number;
}

/** A gateway payload, as the client sent it. */
export interface GatewayPayload {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

export interface GatewayConnection {
  /** `/gateway` for a new session, `/resume` when the client came back to the session's resume URL. */
  path: string;
  query: URLSearchParams;
  /** Resolves with the close code and reason once the socket is closed, whoever closed it. */
  closed: Promise<{ code: number; reason: string }>;
}

export interface InteractionHandle {
  id: string;
  token: string;
  /** Waits for the bot's first answer: the callback it posted (its `body.type` says which, 4 to 9). */
  callback(): Promise<RecordedRequest>;
  /** Waits for a request about this interaction (its callback, an edit of the original answer, a follow-up). */
  request(predicate: (request: RecordedRequest) => boolean, what: string): Promise<RecordedRequest>;
  /** The message the member now sees as the answer (after a reply, an edit or a message update), if any. */
  original(): APIMessage | undefined;
  /** Follow-up messages, in order. */
  followUps(): APIMessage[];
}

export interface MemberInit {
  id: string;
  username?: string;
  bot?: boolean;
}

export interface InteractionInit {
  userId: string;
  /** The member's Discord client language (default en-US). */
  locale?: Locale;
  /** Default: the first channel. */
  channelId?: string;
}

export type OptionValue = string | number | boolean;

export interface DiscordStandIn {
  /** discord.js's REST root (`rest: { api }`); the version is appended by the client. */
  api: string;
  applicationId: string;
  botUser: APIUser;
  requests: readonly RecordedRequest[];
  /** Gateway payloads the client sent (IDENTIFY, RESUME, heartbeats…), in order. */
  received: readonly GatewayPayload[];
  connections: readonly GatewayConnection[];
  /** Requests to routes the stand-in does not know (answered 404): a test can assert there are none. */
  unknownRoutes: readonly RecordedRequest[];
  /** Messages the bot posted or edited, by id (channel messages, interaction answers and follow-ups). */
  messages: ReadonlyMap<string, APIMessage>;
  /** The gateway session's id (from READY), once the client has identified. */
  sessionId(): string | undefined;
  /** The id of a command registered with `PUT /applications/:app/guilds/:guild/commands`, if it is. */
  commandId(name: string): string | undefined;
  /** Role ids of a member now. */
  rolesOf(userId: string): string[];
  waitForRequest(predicate: (request: RecordedRequest) => boolean, what: string, timeoutMs?: number): Promise<RecordedRequest>;
  waitForGateway(predicate: (payload: GatewayPayload) => boolean, what: string, timeoutMs?: number): Promise<GatewayPayload>;
  waitForConnection(index: number, timeoutMs?: number): Promise<GatewayConnection>;
  /** A member joins the server: GUILD_MEMBER_ADD. */
  memberJoins(member: MemberInit): void;
  /** A slash command: an APPLICATION_COMMAND interaction (type 2) with its options. */
  command(init: InteractionInit & { name: string; options?: Record<string, OptionValue> }): InteractionHandle;
  /**
   * A press of a button on a message the bot posted (type 3, component type 2): by default the newest message
   * carrying a button with that custom id.
   */
  button(init: InteractionInit & { customId: string; messageId?: string }): InteractionHandle;
  /** A member typing in an option that offers suggestions (type 4); `focused` names that option. */
  autocomplete(init: InteractionInit & { name: string; options: Record<string, OptionValue>; focused: string }): InteractionHandle;
  /** Cuts the connection without a closing handshake (close 1006 on the client), as a network failure would. */
  dropConnection(): Promise<void>;
  /** Asks the client to reconnect and resume (op 7 RECONNECT). */
  requestReconnect(): void;
  close(): Promise<void>;
}

const DISCORD_EPOCH = 1420070400000n;
/** Discord's bit fields with no bit set (these enums name only the bits). */
const NO_FLAGS = 0;
const GUILDS_INTENT = Number(GatewayIntentBits.Guilds);
const MEMBERS_INTENT = Number(GatewayIntentBits.GuildMembers);
/** View Channel, Send Messages, Embed Links, Attach Files, Manage Roles, Use Application Commands. */
const BOT_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 28n) | (1n << 31n));
const MEMBER_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 31n));
/** An interaction's token lets the bot answer and follow up for 15 minutes. */
const WEBHOOK_TOKEN_MS = 15 * 60_000;
const MAX_BODY_BYTES = 30 * 1024 * 1024;

class DiscordError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A list that tests can wait on: the first item, past or future, that matches. */
function waitableLog<T>() {
  const items: T[] = [];
  const waiters = new Set<{ predicate: (item: T) => boolean; resolve: (item: T) => void }>();
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const waiter of waiters) {
        if (waiter.predicate(item)) {
          waiters.delete(waiter);
          waiter.resolve(item);
        }
      }
    },
    waitFor(predicate: (item: T) => boolean, what: string, timeoutMs: number): Promise<T> {
      const found = items.find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<T>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (item: T) => {
            clearTimeout(timer);
            resolve(item);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`the Discord stand-in did not see ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
  };
}

interface Session {
  id: string;
  /** The last sequence number sent; dispatches are numbered from 1. */
  seq: number;
  sent: { s: number; t: string; d: unknown }[];
  socket: WebSocket | undefined;
}

interface InteractionState {
  id: string;
  token: string;
  createdAt: number;
  channelId: string;
  /** The callback type the bot answered with, once it has. */
  answeredWith?: number;
  /** The message the original answer is (a reply), or the message a button is on (a component interaction). */
  originalId?: string;
  followUpIds: string[];
}

export async function startDiscordStandIn(options: StandInOptions): Promise<DiscordStandIn> {
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? 41_250;
  const deadlineMs = options.interactionDeadlineMs ?? 3000;
  const membersIntent = options.membersIntent ?? true;
  let nextSnowflake = 0n;
  const snowflake = () => String(((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (nextSnowflake++ & 0xfffn));
  const now = () => new Date().toISOString();
  const user = (id: string, username: string, bot = false): APIUser => ({ id, username, discriminator: "0", global_name: null, avatar: null, ...(bot ? { bot: true } : {}) });

  const applicationId = snowflake();
  const botUser = user(applicationId, "Thumbforge", true);
  const guildId = options.guild.id;
  const guildName = options.guild.name ?? "Thumbforge community";
  const preferredLocale = options.guild.preferredLocale ?? Locale.EnglishUS;
  const role = (id: string, name: string, position: number, permissions = "0", managed = false): APIRole => ({
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position,
    permissions,
    managed,
    mentionable: false,
    flags: NO_FLAGS as RoleFlags,
  });
  const botRoleId = snowflake();
  // @everyone has the server's id; the bot's managed role sits above the others, as the README asks.
  const roles: APIRole[] = [
    role(guildId, "@everyone", 0, MEMBER_PERMISSIONS),
    ...options.guild.roles.map((r, i) => role(r.id, r.name, i + 1)),
    role(botRoleId, botUser.username, options.guild.roles.length + 1, BOT_PERMISSIONS, true),
  ];
  const channels: APIGuildTextChannel<ChannelType.GuildText>[] = options.guild.channels.map((c, position) => ({
    id: c.id,
    type: ChannelType.GuildText,
    guild_id: guildId,
    name: c.name,
    position,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    default_auto_archive_duration: 1440,
  }));
  const members = new Map<string, APIGuildMember>();
  const member = (u: APIUser, memberRoles: string[]): APIGuildMember => ({
    user: u,
    roles: memberRoles,
    joined_at: now(),
    deaf: false,
    mute: false,
    flags: NO_FLAGS as GuildMemberFlags,
    nick: null,
    avatar: null,
    banner: null,
    premium_since: null,
    pending: false,
  });
  members.set(botUser.id, member(botUser, [botRoleId]));
  for (const m of options.guild.members ?? []) members.set(m.id, member(user(m.id, m.username), m.roles ?? []));

  const requests = waitableLog<RecordedRequest>();
  const received = waitableLog<GatewayPayload>();
  const connections = waitableLog<GatewayConnection>();
  const unknownRoutes: RecordedRequest[] = [];
  const messages = new Map<string, APIMessage>();
  const interactions = new Map<string, InteractionState>();
  const commands = new Map<string, APIApplicationCommand>();
  const sockets = new Set<WebSocket>();
  let session: Session | undefined;

  const server = createServer((req, res) => void handleHttp(req, res));
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (url.pathname !== "/gateway" && url.pathname !== "/resume") return void refuseUpgrade(socket, 404, "Not Found");
    // This stand-in speaks JSON without transport compression; a client asking for zlib-stream would read nothing.
    if (url.searchParams.get("encoding") !== "json" || url.searchParams.has("compress")) return void refuseUpgrade(socket, 400, "Only encoding=json without compress");
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url));
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `127.0.0.1:${port}`;

  function refuseUpgrade(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  // The gateway ---------------------------------------------------------------------------------------------------

  function onConnection(ws: WebSocket, url: URL) {
    sockets.add(ws);
    let identified = false;
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once("close", (code: number, reason: Buffer) => {
        sockets.delete(ws);
        if (session?.socket === ws) session.socket = undefined;
        resolve({ code, reason: reason.toString() });
      }),
    );
    ws.on("error", () => ws.terminate());
    connections.push({ path: url.pathname, query: url.searchParams, closed });
    if (url.searchParams.get("v") !== "10") return void ws.close(GatewayCloseCodes.InvalidAPIVersion, "Invalid API version");
    send(ws, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: heartbeatIntervalMs } });

    ws.on("message", (data: Buffer, isBinary: boolean) => {
      let payload: GatewayPayload;
      try {
        if (isBinary) throw new Error("binary frame");
        payload = JSON.parse(data.toString()) as GatewayPayload;
        if (typeof payload.op !== "number") throw new Error("no op");
      } catch {
        return void ws.close(GatewayCloseCodes.DecodeError, "Error while decoding payload.");
      }
      received.push(payload);
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          return send(ws, { op: GatewayOpcodes.HeartbeatAck });
        case GatewayOpcodes.Identify:
          if (identified) return void ws.close(GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
          identified = true;
          return identify(ws, payload.d);
        case GatewayOpcodes.Resume:
          if (identified) return void ws.close(GatewayCloseCodes.AlreadyAuthenticated, "Already authenticated.");
          // A session that cannot be resumed leaves the connection open for an IDENTIFY.
          identified = resume(ws, payload.d);
          return;
        default:
          if (!identified) return void ws.close(GatewayCloseCodes.NotAuthenticated, "Not authenticated.");
          // Presence and voice updates, member requests: nothing the bot sends today; accepted and recorded.
          return;
      }
    });
  }

  function send(ws: WebSocket, payload: { op: number; d?: unknown; s?: number | null; t?: string | null }) {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify({ s: null, t: null, d: null, ...payload }));
  }

  function identify(ws: WebSocket, d: unknown) {
    const identifyData = d as { token?: unknown; intents?: unknown; shard?: unknown };
    if (identifyData.token !== options.token) return void ws.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
    const intents = typeof identifyData.intents === "number" ? identifyData.intents : 0;
    if ((intents & MEMBERS_INTENT) !== 0 && !membersIntent) return void ws.close(GatewayCloseCodes.DisallowedIntents, "Disallowed intent(s).");
    session = { id: snowflake(), seq: 0, sent: [], socket: ws };
    const ready: GatewayReadyDispatchData = {
      v: 10,
      user: botUser,
      guilds: [{ id: guildId, unavailable: true }],
      session_id: session.id,
      resume_gateway_url: `ws://${origin}/resume`,
      shard: [0, 1],
      application: { id: applicationId, flags: NO_FLAGS as ApplicationFlags, flags_new: String(NO_FLAGS) },
    };
    dispatch(GatewayDispatchEvents.Ready, ready);
    // Without the Guilds intent no server arrives: discord.js would wait for it until its timeout.
    if ((intents & GUILDS_INTENT) !== 0) dispatch(GatewayDispatchEvents.GuildCreate, guildCreate(intents));
  }

  /** Whether the session was resumed on this connection. */
  function resume(ws: WebSocket, d: unknown): boolean {
    const resumeData = d as { token?: unknown; session_id?: unknown; seq?: unknown };
    if (resumeData.token !== options.token) {
      ws.close(GatewayCloseCodes.AuthenticationFailed, "Authentication failed.");
      return false;
    }
    if (!session || resumeData.session_id !== session.id || typeof resumeData.seq !== "number") {
      // Not resumable: the client must identify again (op 9 with d false).
      send(ws, { op: GatewayOpcodes.InvalidSession, d: false });
      return false;
    }
    // A client resuming while its old connection still stands (told to reconnect) leaves the old one behind.
    if (session.socket && session.socket !== ws) session.socket.terminate();
    session.socket = ws;
    const from = resumeData.seq;
    for (const missed of session.sent.filter((p) => p.s > from)) send(ws, { op: GatewayOpcodes.Dispatch, ...missed });
    dispatch(GatewayDispatchEvents.Resumed, null);
    return true;
  }

  /** Sends a dispatch on the session; while the client is away it is kept for the resume to replay. */
  function dispatch(t: string, d: unknown) {
    if (!session) throw new Error("the bot has not connected to the Discord stand-in yet (no gateway session)");
    const s = ++session.seq;
    session.sent.push({ s, t, d });
    if (session.socket) send(session.socket, { op: GatewayOpcodes.Dispatch, s, t, d });
  }

  function guildCreate(intents: number): GatewayGuildCreateDispatchData {
    const withMembers = (intents & MEMBERS_INTENT) !== 0;
    return {
      id: guildId,
      name: guildName,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: [...members.keys()].find((id) => id !== botUser.id) ?? botUser.id,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: GuildVerificationLevel.Low,
      default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
      explicit_content_filter: GuildExplicitContentFilter.AllMembers,
      roles,
      emojis: [],
      features: [],
      mfa_level: GuildMFALevel.None,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: NO_FLAGS as GuildSystemChannelFlags,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: GuildPremiumTier.None,
      preferred_locale: preferredLocale,
      public_updates_channel_id: null,
      nsfw_level: GuildNSFWLevel.Default,
      premium_progress_bar_enabled: false,
      hub_type: null,
      safety_alerts_channel_id: null,
      incidents_data: null,
      joined_at: now(),
      large: false,
      member_count: members.size,
      voice_states: [],
      // Discord sends the bot itself, and every member only to a bot with the Server Members intent.
      members: withMembers ? [...members.values()] : [members.get(botUser.id) as APIGuildMember],
      channels,
      threads: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  // Interactions --------------------------------------------------------------------------------------------------

  function memberFor(userId: string): APIGuildMember {
    let m = members.get(userId);
    if (!m) {
      // Whoever uses a command in the server is a member of it.
      m = member(user(userId, `member-${userId.slice(-4)}`), []);
      members.set(userId, m);
    }
    return m;
  }

  function interactionBase(init: InteractionInit) {
    const channel = channels.find((c) => c.id === (init.channelId ?? channels[0]?.id));
    if (!channel) throw new Error(`the stand-in has no channel ${init.channelId ?? "(none configured)"}`);
    const m = memberFor(init.userId);
    const interactionMember: APIInteractionGuildMember = { ...m, user: m.user, permissions: MEMBER_PERMISSIONS };
    const state: InteractionState = { id: snowflake(), token: `interaction-token-${snowflake()}`, createdAt: Date.now(), channelId: channel.id, followUpIds: [] };
    interactions.set(state.token, state);
    const base = {
      id: state.id,
      application_id: applicationId,
      token: state.token,
      version: 1 as const,
      guild_id: guildId,
      guild: { id: guildId, locale: preferredLocale, features: [] },
      channel_id: channel.id,
      channel: { id: channel.id, type: channel.type, name: channel.name, guild_id: guildId },
      member: interactionMember,
      app_permissions: BOT_PERMISSIONS,
      locale: init.locale ?? Locale.EnglishUS,
      guild_locale: preferredLocale,
      entitlements: [],
      authorizing_integration_owners: { "0": guildId },
      context: InteractionContextType.Guild,
      attachment_size_limit: 10 * 1024 * 1024,
    };
    return { state, base };
  }

  function optionsOf(values: Record<string, OptionValue>, focused?: string): APIApplicationCommandInteractionDataBasicOption[] {
    return Object.entries(values).map(([name, value]): APIApplicationCommandInteractionDataBasicOption => {
      const isFocused = name === focused ? { focused: true } : {};
      if (typeof value === "boolean") return { name, type: ApplicationCommandOptionType.Boolean, value };
      if (typeof value === "number") return Number.isInteger(value) ? { name, type: ApplicationCommandOptionType.Integer, value, ...isFocused } : { name, type: ApplicationCommandOptionType.Number, value, ...isFocused };
      return { name, type: ApplicationCommandOptionType.String, value, ...isFocused };
    });
  }

  const commandIdOf = (name: string) => [...commands.values()].find((c) => c.name === name)?.id ?? snowflake();

  function handleFor(state: InteractionState): InteractionHandle {
    const mine = (r: RecordedRequest) => r.path.startsWith(`/interactions/${state.id}/`) || r.path.startsWith(`/webhooks/${applicationId}/${state.token}`);
    return {
      id: state.id,
      token: state.token,
      callback: () => requests.waitFor((r) => r.path === `/interactions/${state.id}/${state.token}/callback`, `the answer to interaction ${state.id}`, 20_000),
      request: (predicate, what) => requests.waitFor((r) => mine(r) && predicate(r), what, 20_000),
      original: () => (state.originalId ? messages.get(state.originalId) : undefined),
      followUps: () => state.followUpIds.flatMap((id) => messages.get(id) ?? []),
    };
  }

  // The REST API --------------------------------------------------------------------------------------------------

  async function handleHttp(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const recorded: RecordedRequest = { method: req.method ?? "GET", path: decodedPath(url.pathname).replace(/^\/api\/v10/, ""), query: url.searchParams, headers: req.headers, body: undefined, files: [], status: 0 };
    let status = 200;
    let answer: unknown;
    try {
      const raw = await readBody(req);
      await parseBody(recorded, raw);
      if (!url.pathname.startsWith("/api/v10/")) throw new DiscordError(404, 0, "404: Not Found");
      ({ status, answer } = route(recorded));
    } catch (err) {
      if (!(err instanceof DiscordError)) {
        status = 400;
        answer = { code: 50109, message: `The request body contains invalid JSON. (${err instanceof Error ? err.message : String(err)})` };
      } else {
        status = err.status;
        answer = { code: err.code, message: err.message };
      }
    }
    recorded.status = status;
    if (status === 404 && (answer as { code?: number }).code === 0) unknownRoutes.push(recorded);
    requests.push(recorded);
    if (status === 204) {
      res.writeHead(204);
      res.end();
      return;
    }
    const text = JSON.stringify(answer ?? null);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  }

  /** discord.js escapes `@original` as `%40original`; a path that does not decode stays as it came. */
  function decodedPath(pathname: string): string {
    try {
      return decodeURIComponent(pathname);
    } catch {
      return pathname;
    }
  }

  function readBody(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          req.destroy();
          reject(new DiscordError(413, 40005, "Request entity too large"));
        } else chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
  }

  async function parseBody(recorded: RecordedRequest, raw: Buffer) {
    const type = recorded.headers["content-type"] ?? "";
    if (raw.length === 0) return;
    if (type.startsWith("application/json")) {
      recorded.body = JSON.parse(raw.toString("utf8")) as unknown;
      return;
    }
    if (type.startsWith("multipart/form-data")) {
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
      for (const [field, value] of form.entries()) {
        if (typeof value === "string") {
          if (field === "payload_json") recorded.body = JSON.parse(value) as unknown;
          continue;
        }
        recorded.files.push({ field, name: value.name, contentType: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
      }
      return;
    }
    throw new Error(`unexpected content type ${type}`);
  }

  function requireBot(recorded: RecordedRequest) {
    if (recorded.headers.authorization !== `Bot ${options.token}`) throw new DiscordError(401, 0, "401: Unauthorized");
  }

  function interactionFor(token: string): InteractionState {
    const state = interactions.get(token);
    if (!state || Date.now() - state.createdAt > WEBHOOK_TOKEN_MS) throw new DiscordError(404, 10015, "Unknown Webhook");
    return state;
  }

  type Routed = { status: number; answer?: unknown };

  function route(r: RecordedRequest): Routed {
    const m = (pattern: RegExp) => pattern.exec(r.path);
    let p: RegExpExecArray | null;
    if (r.method === "GET" && r.path === "/gateway/bot") {
      requireBot(r);
      const info: RESTGetAPIGatewayBotResult = {
        url: `ws://${origin}/gateway`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      };
      return { status: 200, answer: info };
    }
    if (r.method === "GET" && r.path === "/applications/@me") {
      requireBot(r);
      return { status: 200, answer: { id: applicationId, name: botUser.username, bot: botUser, flags: 0 } };
    }
    if (r.method === "PUT" && (p = m(/^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/))) {
      requireBot(r);
      if (p[1] !== applicationId) throw new DiscordError(403, 50001, "Missing Access");
      if (p[2] !== guildId) throw new DiscordError(404, 10004, "Unknown Guild");
      commands.clear();
      const list = Array.isArray(r.body) ? (r.body as Record<string, unknown>[]) : [];
      const registered = list.map((c) => ({ ...c, id: snowflake(), application_id: applicationId, guild_id: guildId, version: snowflake(), type: (c.type as number | undefined) ?? ApplicationCommandType.ChatInput, default_member_permissions: null }) as unknown as APIApplicationCommand);
      for (const c of registered) commands.set(c.id, c);
      return { status: 200, answer: registered };
    }
    if (r.method === "POST" && (p = m(/^\/interactions\/(\d+)\/([^/]+)\/callback$/))) return interactionCallback(p[1] ?? "", p[2] ?? "", r);
    if ((p = m(/^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/))) return webhook(p[1] ?? "", p[2] ?? "", p[3], r);
    if ((p = m(/^\/channels\/(\d+)(?:\/messages(?:\/(\d+))?)?$/))) {
      requireBot(r);
      const channel = channels.find((c) => c.id === p?.[1]);
      if (!channel) throw new DiscordError(404, 10003, "Unknown Channel");
      if (r.method === "GET" && r.path === `/channels/${channel.id}`) return { status: 200, answer: channel };
      if (r.method === "POST" && r.path === `/channels/${channel.id}/messages`) return { status: 200, answer: storeMessage(undefined, channel.id, r, MessageType.Default) };
      if (r.method === "PATCH" && p[2]) {
        const existing = messages.get(p[2]);
        if (!existing || existing.channel_id !== channel.id) throw new DiscordError(404, 10008, "Unknown Message");
        return { status: 200, answer: storeMessage(existing, channel.id, r, existing.type) };
      }
    }
    if ((p = m(/^\/guilds\/(\d+)\/(roles|members\/(\d+)(?:\/roles\/(\d+))?)$/))) {
      requireBot(r);
      if (p[1] !== guildId) throw new DiscordError(404, 10004, "Unknown Guild");
      if (r.method === "GET" && p[2] === "roles") return { status: 200, answer: roles };
      const target = p[3] ? members.get(p[3]) : undefined;
      if (p[3] && !target) throw new DiscordError(404, 10007, "Unknown Member");
      if (r.method === "GET" && target && !p[4]) return { status: 200, answer: target };
      if ((r.method === "PUT" || r.method === "DELETE") && target && p[4]) return memberRole(target, p[4], r.method === "PUT");
    }
    throw new DiscordError(404, 0, "404: Not Found");
  }

  function memberRole(target: APIGuildMember, roleId: string, add: boolean): Routed {
    const given = roles.find((x) => x.id === roleId);
    if (!given) throw new DiscordError(404, 10011, "Unknown Role");
    // A bot manages only roles below its own highest one.
    const botTop = Math.max(...(members.get(botUser.id)?.roles ?? []).map((id) => roles.find((x) => x.id === id)?.position ?? 0));
    if (given.position >= botTop || given.managed) throw new DiscordError(403, 50013, "Missing Permissions");
    const had = target.roles.includes(roleId);
    if (add && !had) target.roles.push(roleId);
    if (!add && had) target.roles.splice(target.roles.indexOf(roleId), 1);
    if (add !== had && session) dispatch(GatewayDispatchEvents.GuildMemberUpdate, { ...target, guild_id: guildId });
    return { status: 204 };
  }

  function interactionCallback(id: string, token: string, r: RecordedRequest): Routed {
    const state = interactions.get(token);
    if (!state || state.id !== id || Date.now() - state.createdAt > deadlineMs) throw new DiscordError(404, 10062, "Unknown interaction");
    if (state.answeredWith !== undefined) throw new DiscordError(400, 40060, "Interaction has already been acknowledged.");
    const body = (r.body ?? {}) as { type?: unknown; data?: Record<string, unknown> };
    const type = body.type;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource:
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        // A deferral shows "thinking…": the message exists, with no content until the edit.
        const shown = type === InteractionResponseType.ChannelMessageWithSource ? (body.data ?? {}) : { flags: body.data?.flags };
        const message = storeMessage(undefined, state.channelId, { ...r, body: shown }, MessageType.ChatInputCommand, true);
        state.originalId = message.id;
        break;
      }
      case InteractionResponseType.UpdateMessage:
      case InteractionResponseType.DeferredMessageUpdate: {
        const existing = state.originalId ? messages.get(state.originalId) : undefined;
        if (!existing) throw new DiscordError(400, 50035, "Invalid Form Body: this interaction has no message to update");
        if (type === InteractionResponseType.UpdateMessage) storeMessage(existing, existing.channel_id, { ...r, body: body.data ?? {} }, existing.type);
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult:
      case InteractionResponseType.Modal:
        break;
      default:
        throw new DiscordError(400, 50035, `Invalid Form Body: unknown interaction response type ${String(type)}`);
    }
    state.answeredWith = type;
    return r.query.get("with_response") === "true"
      ? { status: 200, answer: { interaction: { id: state.id, type: 2 }, resource: { type, ...(state.originalId ? { message: messages.get(state.originalId) } : {}) } } }
      : { status: 204 };
  }

  function webhook(app: string, token: string, messageId: string | undefined, r: RecordedRequest): Routed {
    if (app !== applicationId) throw new DiscordError(404, 10015, "Unknown Webhook");
    const state = interactionFor(token);
    if (r.method === "POST" && !messageId) {
      if (state.answeredWith === undefined) throw new DiscordError(404, 10015, "Unknown Webhook");
      // A follow-up always waits for its message (`wait=true` is implied for interaction webhooks).
      const message = storeMessage(undefined, state.channelId, r, MessageType.ChatInputCommand, true);
      state.followUpIds.push(message.id);
      return { status: 200, answer: message };
    }
    if (messageId) {
      const id = messageId === "@original" ? state.originalId : messageId;
      const existing = id ? messages.get(id) : undefined;
      if (!existing || (messageId !== "@original" && !state.followUpIds.includes(messageId))) throw new DiscordError(404, 10008, "Unknown Message");
      if (r.method === "GET") return { status: 200, answer: existing };
      if (r.method === "PATCH") return { status: 200, answer: storeMessage(existing, existing.channel_id, r, existing.type) };
      if (r.method === "DELETE") {
        messages.delete(existing.id);
        return { status: 204 };
      }
    }
    throw new DiscordError(405, 0, "405: Method Not Allowed");
  }

  /** Creates a message, or edits one (only the fields the request sends change), as Discord does. */
  function storeMessage(existing: APIMessage | undefined, channelId: string, r: Pick<RecordedRequest, "body" | "files">, type: MessageType, fromInteraction = false): APIMessage {
    const body = (r.body ?? {}) as { content?: unknown; components?: unknown; flags?: unknown; embeds?: unknown; attachments?: unknown };
    const attachments: APIAttachment[] = r.files.map((f) => ({
      id: snowflake(),
      filename: f.name,
      size: f.bytes.length,
      url: `http://${origin}/attachments/${channelId}/${f.name}`,
      proxy_url: `http://${origin}/attachments/${channelId}/${f.name}`,
      content_type: f.contentType,
    }));
    const message: APIMessage = {
      ...(existing ?? {
        id: snowflake(),
        channel_id: channelId,
        author: botUser,
        content: "",
        timestamp: now(),
        edited_timestamp: null,
        tts: false,
        mention_everyone: false,
        mentions: [],
        mention_roles: [],
        attachments: [],
        embeds: [],
        pinned: false,
        type,
        flags: 0,
        components: [],
        ...(fromInteraction ? { webhook_id: applicationId, application_id: applicationId } : {}),
      }),
      ...(typeof body.content === "string" ? { content: body.content } : {}),
      ...(Array.isArray(body.components) ? { components: body.components as APIMessage["components"] } : {}),
      ...(typeof body.flags === "number" && !existing ? { flags: body.flags & (MessageFlags.Ephemeral | MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications) } : {}),
      ...(attachments.length > 0 ? { attachments: [...(existing?.attachments ?? []), ...attachments] } : {}),
      ...(existing ? { edited_timestamp: now() } : {}),
    };
    messages.set(message.id, message);
    return message;
  }

  const hasButton = (message: APIMessage, customId: string) =>
    (message.components ?? []).some((row) => row.type === ComponentType.ActionRow && (row as APIActionRowComponent<APIComponentInMessageActionRow>).components.some((c) => c.type === ComponentType.Button && "custom_id" in c && c.custom_id === customId));

  return {
    api: `http://${origin}/api`,
    applicationId,
    botUser,
    requests: requests.items,
    received: received.items,
    connections: connections.items,
    unknownRoutes,
    messages,
    sessionId: () => session?.id,
    commandId: (name) => [...commands.values()].find((c) => c.name === name)?.id,
    rolesOf: (userId) => [...(members.get(userId)?.roles ?? [])],
    waitForRequest: (predicate, what, timeoutMs = 20_000) => requests.waitFor(predicate, what, timeoutMs),
    waitForGateway: (predicate, what, timeoutMs = 20_000) => received.waitFor(predicate, what, timeoutMs),
    waitForConnection: (index, timeoutMs = 20_000) => connections.waitFor((c) => connections.items.indexOf(c) === index, `gateway connection #${index + 1}`, timeoutMs),

    memberJoins(init) {
      const joined = member(user(init.id, init.username ?? `member-${init.id.slice(-4)}`, init.bot), []);
      members.set(init.id, joined);
      dispatch(GatewayDispatchEvents.GuildMemberAdd, { ...joined, guild_id: guildId });
    },

    command(init) {
      const { state, base } = interactionBase(init);
      const interaction: APIChatInputApplicationCommandGuildInteraction = {
        ...base,
        type: InteractionType.ApplicationCommand,
        data: { id: commandIdOf(init.name), name: init.name, type: ApplicationCommandType.ChatInput, guild_id: guildId, options: optionsOf(init.options ?? {}) },
      };
      dispatch(GatewayDispatchEvents.InteractionCreate, interaction);
      return handleFor(state);
    },

    button(init) {
      const message = init.messageId ? messages.get(init.messageId) : [...messages.values()].reverse().find((msg) => hasButton(msg, init.customId));
      if (!message || !hasButton(message, init.customId)) throw new Error(`no message the bot posted carries a button "${init.customId}"`);
      const { state, base } = interactionBase({ ...init, channelId: message.channel_id });
      state.originalId = message.id;
      const interaction: Omit<APIMessageComponentButtonInteraction, "user"> = {
        ...base,
        type: InteractionType.MessageComponent,
        message,
        data: { custom_id: init.customId, component_type: ComponentType.Button },
      };
      dispatch(GatewayDispatchEvents.InteractionCreate, interaction);
      return handleFor(state);
    },

    autocomplete(init) {
      const { state, base } = interactionBase(init);
      const interaction: APIApplicationCommandAutocompleteGuildInteraction = {
        ...base,
        type: InteractionType.ApplicationCommandAutocomplete,
        data: { id: commandIdOf(init.name), name: init.name, type: ApplicationCommandType.ChatInput, guild_id: guildId, options: optionsOf(init.options, init.focused) },
      };
      dispatch(GatewayDispatchEvents.InteractionCreate, interaction);
      return handleFor(state);
    },

    async dropConnection() {
      const ws = session?.socket;
      if (!ws) throw new Error("the bot is not connected to the Discord stand-in");
      const closing = new Promise<void>((resolve) => ws.once("close", () => resolve()));
      if (session) session.socket = undefined;
      ws.terminate();
      await closing;
    },

    requestReconnect() {
      const ws = session?.socket;
      if (!ws) throw new Error("the bot is not connected to the Discord stand-in");
      send(ws, { op: GatewayOpcodes.Reconnect });
    },

    async close() {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve, reject) => wss.close((err) => (err ? reject(err) : resolve())));
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
