import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import {
  type CreateShareResponse,
  type PublicShareResponse,
  type Share,
  type ShareExpiry,
  shareExpiryMs,
  type ShareImageVariant,
  shareImagePath,
  type ShareKind,
  sharePagePath,
  type ShareTallyRow,
} from "../../contract/shares.ts";
import type { ShareLinkRow } from "../../db/schema/share-links.ts";
import { AppError } from "../errors/app-error.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { fileTypeOfKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import type { SharedImageRow, ShareStore, VoteCount } from "./store.ts";

/** Links listed per target in the owner's dialog: the newest; older ones still work until revoked or expired. */
const LIST_LIMIT = 50;

const missingShare = () => new AppError("not_found:share", "This link does not exist, has expired or was revoked.");
const missingTarget = () => new AppError("not_found:share_target", "There is nothing of yours to share there.");

/** Only the SHA-256 of a token is kept, so a leaked table opens nothing. */
export const tokenHashOf = (token: string): string => createHash("sha256").update(token).digest("hex");
/** A browser's voter cookie as the table keeps it. */
export const voterKeyOf = (voterId: string): string => createHash("sha256").update(`voter:${voterId}`).digest("hex");

/** A, B, C… as the page shows the choices: a pack by its variant, a comparison by its order. */
function labelled(kind: ShareKind, rows: readonly SharedImageRow[]): { row: SharedImageRow; label: string | null }[] {
  if (kind === "image") return rows.map((row) => ({ row, label: null }));
  return rows.map((row, index) => ({ row, label: String.fromCharCode(65 + (kind === "pack" ? (row.packVariant ?? index) : index)) }));
}

function tallyOf(choices: readonly { row: SharedImageRow; label: string | null }[], counts: readonly VoteCount[]): ShareTallyRow[] {
  return choices
    .filter((choice) => choice.label !== null)
    .map(({ row, label }) => {
      const of = (source: VoteCount["source"]) => counts.filter((c) => c.imageId === row.id && c.source === source).reduce((sum, c) => sum + c.count, 0);
      const web = of("web");
      const discord = of("discord");
      return { imageId: row.id, label: label ?? "", web, discord, total: web + discord };
    });
}

export interface ShareDeps {
  store: ShareStore;
  storage: Storage;
  realtime: RealtimePublisher;
  rateLimiter: RateLimiter;
  voteRule: RateRule;
  clock: () => number;
  /** After a page's vote is counted: the owner's community polls on the same image hear it. */
  afterVote?: (ownerId: string, imageId: string, previousImageId: string | undefined) => void;
}

/**
 * Share links (docs/product/sharing.md, decision 043): the owner makes, lists and revokes them; a visitor reads the
 * page, its images and votes. Every visitor request reads the link's row again, so a revoked or expired link stops
 * at once on every node: nothing of a share is cached on a node.
 */
export function createShareService(deps: ShareDeps) {
  const { store } = deps;
  const now = () => new Date(deps.clock());

  const isReady = (row: SharedImageRow) => row.status === "ready" && (!row.expiresAt || row.expiresAt.getTime() > deps.clock());

  function statusOf(link: ShareLinkRow): Share["status"] {
    if (link.revokedAt) return "revoked";
    if (link.expiresAt && link.expiresAt.getTime() <= deps.clock()) return "expired";
    return "active";
  }

  function toShare(link: ShareLinkRow, tally: ShareTallyRow[]): Share {
    return {
      id: link.id,
      kind: link.kind,
      targetId: link.targetId,
      status: statusOf(link),
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
      revokedAt: link.revokedAt?.toISOString() ?? null,
      tally,
    };
  }

  async function choicesOf(link: Pick<ShareLinkRow, "userId" | "kind" | "targetId">) {
    return labelled(link.kind, (await store.targetImages(link.userId, link.kind, link.targetId)).filter(isReady));
  }

  /** Each link's page votes, and the Discord votes the owner's community polls got on the same images (one tally). */
  async function tallies(link: Pick<ShareLinkRow, "userId">, choices: Awaited<ReturnType<typeof choicesOf>>, shareIds: readonly string[]) {
    const voted = choices.filter((c) => c.label !== null).map((c) => c.row.id);
    const [counts, discord] = await Promise.all([store.counts(shareIds), store.pollDiscordCounts(link.userId, voted)]);
    return (shareId: string) => tallyOf(choices, [...counts.filter((c) => c.shareId === shareId), ...discord]);
  }

  async function withTallies(links: readonly ShareLinkRow[]): Promise<Share[]> {
    const first = links[0];
    if (!first) return [];
    const choices = await choicesOf(first);
    const tallyFor = await tallies(first, choices, links.map((link) => link.id));
    return links.map((link) => toShare(link, tallyFor(link.id)));
  }

  /** A working link by its token, with the images it shows; anything else is the one 404. */
  async function open(token: string) {
    const link = await store.byTokenHash(tokenHashOf(token));
    if (!link || statusOf(link) !== "active") throw missingShare();
    const choices = await choicesOf(link);
    if (choices.length === 0) throw missingShare();
    return { link, choices };
  }

  return {
    /** Makes a link to one of the user's images, packs or comparisons; the token is in the answer's path only. */
    async create(userId: string, request: { kind: ShareKind; targetId: string; expiry: ShareExpiry }): Promise<CreateShareResponse> {
      const { kind, targetId, expiry } = request;
      if (kind === "comparison") {
        if (!(await store.comparisonOwned(userId, targetId))) throw missingTarget();
      }
      const ready = (await store.targetImages(userId, kind, targetId)).filter(isReady);
      if (ready.length === 0) throw missingTarget();
      const token = randomBytes(32).toString("base64url");
      const expiresAt = expiry === "never" ? null : new Date(deps.clock() + shareExpiryMs[expiry]);
      const link = await store.insert({ userId, tokenHash: tokenHashOf(token), kind, targetId, expiresAt });
      return { share: toShare(link, tallyOf(labelled(kind, ready), [])), path: sharePagePath(token) };
    },

    async list(userId: string, kind: ShareKind, targetId: string): Promise<Share[]> {
      return withTallies(await store.forTarget(userId, kind, targetId, LIST_LIMIT));
    },

    /** Stops the link: its page, its image URLs and its votes answer 404 from the next request on. */
    async revoke(userId: string, id: string): Promise<Share> {
      const link = await store.revoke(userId, id, now());
      if (!link) throw missingShare();
      const [share] = await withTallies([link]);
      if (!share) throw missingShare();
      return share;
    },

    /** What the page shows: the images (large), whether it takes votes and this browser's vote. Nothing of the owner. */
    async page(token: string, voterId: string | undefined): Promise<PublicShareResponse> {
      const { link, choices } = await open(token);
      const voting = link.kind !== "image" && choices.length >= 2;
      const myVote = voting && voterId ? ((await store.voteOf(link.id, "web", voterKeyOf(voterId))) ?? null) : null;
      return {
        kind: link.kind,
        expiresAt: link.expiresAt?.toISOString() ?? null,
        voting,
        myVote: myVote && choices.some((c) => c.row.id === myVote) ? myVote : null,
        images: choices.map(({ row, label }) => ({
          id: row.id,
          label,
          title: row.title,
          width: row.width,
          height: row.height,
          urls: { preview: shareImagePath(token, row.id, "preview"), original: shareImagePath(token, row.id, "original") },
        })),
      };
    },

    /** The card the page's HTML carries for link previews: the first image, its size and the kind. */
    async card(token: string): Promise<{ kind: ShareKind; image: { path: string; width: number | null; height: number | null; title: string | null }; labels: string[] }> {
      const { link, choices } = await open(token);
      const first = choices[0]!.row;
      return {
        kind: link.kind,
        labels: choices.flatMap((c) => (c.label === null ? [] : [c.label])),
        image: { path: shareImagePath(token, first.id, "original"), width: first.width, height: first.height, title: first.title },
      };
    },

    /** One shared image's bytes, checked against the link on every request. */
    async imageBytes(token: string, imageId: string, variant: ShareImageVariant): Promise<{ body: Buffer | Readable; size: number; contentType: string }> {
      const { choices } = await open(token);
      const row = choices.find((c) => c.row.id === imageId)?.row;
      const key = row ? (variant === "original" ? row.originalKey : row.previewKey) : null;
      if (!key) throw missingShare();
      const { contentType } = fileTypeOfKey(key);
      if (variant === "preview") {
        const bytes = await deps.storage.get(key);
        if (!bytes) throw missingShare();
        return { body: bytes, size: bytes.length, contentType };
      }
      const opened = await deps.storage.open(key);
      if (!opened) throw missingShare();
      return { body: opened.stream, size: opened.size, contentType };
    },

    /**
     * A browser's vote on a working link, counted per address; a second vote from the same browser changes its choice. The owner
     * hears the new tally at once (`share:votes`).
     */
    async vote(token: string, imageId: string, voterId: string, address: string): Promise<{ myVote: string }> {
      const { link, choices } = await open(token);
      await deps.rateLimiter.enforce(deps.voteRule, address);
      if (link.kind === "image" || choices.length < 2 || !choices.some((c) => c.row.id === imageId)) {
        throw new AppError("invalid:share_vote", "That is not one of this page's choices.");
      }
      // A changed vote takes one from the previous choice: polls showing that image change too.
      const previous = deps.afterVote ? await store.voteOf(link.id, "web", voterKeyOf(voterId)) : undefined;
      await store.vote(link.id, imageId, "web", voterKeyOf(voterId), now());
      const tallyFor = await tallies(link, choices, [link.id]);
      deps.realtime.toUser(link.userId, "share:votes", { shareId: link.id, targetId: link.targetId, tally: tallyFor(link.id) });
      deps.afterVote?.(link.userId, imageId, previous);
      return { myVote: imageId };
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
