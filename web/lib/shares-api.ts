import {
  type CreateShareResponse,
  createShareResponseSchema,
  type PublicShareResponse,
  publicShareApiPath,
  publicShareResponseSchema,
  type Share,
  type ShareExpiry,
  type ShareKind,
  shareListResponseSchema,
  shareResponseSchema,
  SHARES_PATH,
  shareVotePath,
  shareVoteResponseSchema,
} from "../../contract/shares.ts";
import { apiRequest } from "./api.ts";

/** The owner's links to one target, as TanStack Query keeps them (the Share dialog and its live tally). */
export const sharesQueryKey = (kind: ShareKind, targetId: string) => ["shares", kind, targetId] as const;

/** POST /api/shares: a new link; its path is in this answer only. */
export async function createShare(kind: ShareKind, targetId: string, expiry: ShareExpiry): Promise<CreateShareResponse> {
  const res = await apiRequest("POST", SHARES_PATH, { kind, targetId, expiry });
  return createShareResponseSchema.parse(await res.json());
}

export async function listShares(kind: ShareKind, targetId: string): Promise<Share[]> {
  const query = new URLSearchParams({ kind, targetId });
  const res = await apiRequest("GET", `${SHARES_PATH}?${query}`);
  return shareListResponseSchema.parse(await res.json()).shares;
}

export async function revokeShare(id: string): Promise<Share> {
  const res = await apiRequest("POST", `${SHARES_PATH}/${encodeURIComponent(id)}/revoke`);
  return shareResponseSchema.parse(await res.json()).share;
}

/** GET /api/s/:token: what a share page shows, signed out. */
export async function getSharedPage(token: string): Promise<PublicShareResponse> {
  const res = await apiRequest("GET", publicShareApiPath(encodeURIComponent(token)));
  return publicShareResponseSchema.parse(await res.json());
}

/** POST /api/s/:token/vote: this browser's vote (a second one changes it). */
export async function voteOnShare(token: string, imageId: string): Promise<string> {
  const res = await apiRequest("POST", shareVotePath(encodeURIComponent(token)), { imageId });
  return shareVoteResponseSchema.parse(await res.json()).myVote;
}
