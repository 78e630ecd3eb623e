import type { FollowUp } from "./types.ts";

/** Changes to layers of the current image: place, size, colour, background, drawn objects, the headline's words and look. */
export const editFollowUps: FollowUp[] = [
  { language: "en", area: "position", text: "put her on the right", expect: { changes: [{ layer: "subject", property: "x", direction: "up" }] } },
  { language: "en", area: "position", text: "move the text to the bottom", expect: { changes: [{ layer: "headline", property: "y", direction: "up" }] } },
  { language: "en", area: "colour", text: "make the background red", expect: { changes: [{ layer: "background", property: "color" }] } },
  { language: "en", area: "size", text: "bigger headline", expect: { changes: [{ layer: "headline", property: "size", direction: "up" }] } },
  { language: "de", area: "colour", text: "mach die Überschrift gelb", expect: { changes: [{ layer: "headline", property: "color" }] } },
  { language: "ja", area: "size", text: "文字をもっと大きく", expect: { changes: [{ layer: "headline", property: "size", direction: "up" }] } },
];
