import type { StyleKit } from "../../contract/style-kits.ts";

/**
 * A kit in the words an image model follows (provider prompts): the colours by hex, where the calm area for the
 * headline is, and how much of the frame the subject takes. The headline itself is drawn by Studio over the picture
 * (decision 036), so its treatment is described only for a model asked to write it.
 */
export function describeKit(kit: StyleKit, options: { withHeadline: boolean }): string {
  const colours = kit.palette.slice(0, 4).map((s) => `${s.color} (${Math.round(s.share * 100)}%)`).join(", ");
  const subject =
    kit.faceShare >= 0.35 ? "a large close-up subject filling much of the frame" : kit.faceShare >= 0.12 ? "a medium-sized subject" : "a small subject or none, the scene itself carrying the picture";
  const side = kit.side === "center" ? "the middle" : `the ${kit.side} side`;
  const parts = [`In the creator's own channel style: a palette of ${colours}`, subject, `the headline area on ${side}`];
  if (options.withHeadline) {
    const look = [
      kit.headline.case === "upper" ? "all capitals" : "as written",
      kit.headline.weight === "heavy" ? "heavy condensed letters" : "regular letters",
      kit.font === "abril" ? "in a bold serif" : "in a condensed sans-serif",
      `filled ${kit.text}`,
      kit.outline ? `with a ${kit.outline} outline` : "",
      kit.headline.shadow ? "and a drop shadow" : "",
      kit.highlight ? `one line in ${kit.highlight}` : "",
    ].filter(Boolean);
    parts.push(`headline letters ${look.join(", ")}`);
  }
  return `${parts.join("; ")}.`;
}
