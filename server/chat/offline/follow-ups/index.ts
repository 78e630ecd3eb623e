import { checkFollowUps } from "./checks.ts";
import { editFollowUps } from "./edits.ts";
import { heldOutFollowUps } from "./held-out.ts";
import { layoutFollowUps } from "./layout.ts";
import { titleFollowUps } from "./titles.ts";
import type { FollowUp } from "./types.ts";
import { versionFollowUps } from "./versions.ts";

/** Every follow-up of the corpus, by area file. */
export const followUps: readonly FollowUp[] = [...editFollowUps, ...layoutFollowUps, ...versionFollowUps, ...titleFollowUps, ...checkFollowUps, ...heldOutFollowUps];
