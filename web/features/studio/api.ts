/** How many images the Recent images grid shows (one page of the gallery). */
export const RECENT_LIMIT = 12;
