import { atom } from "jotai";

/**
 * The poll this tab just posted (Ask the community, Try again): its panel takes focus when it appears, since the button
 * that posted it is gone by then, and says it was sent.
 */
export const justPostedPollAtom = atom<string | null>(null);
