/** SPEC.md §1/§9: the first 50 accounts get 100 promotional credits on signup. */
export const EARLY_BIRD_ACCOUNTS = 50;
export const EARLY_BIRD_CREDITS = 100;
export const EARLY_BIRD_PROMOTION = "early-bird";
