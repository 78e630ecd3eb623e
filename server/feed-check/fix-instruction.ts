import type { Finding } from "../../contract/feed-check.ts";

/** The edit's instruction, in English: what a provider's edit model is told. The new image keeps its parent's prompt. */
export function fixInstruction(fix: NonNullable<Finding["fix"]>): string {
  switch (fix.id) {
    case "bigger-headline":
      return fix.changes.shorterHeadline ? "Feed check: shorter, bigger headline" : "Feed check: bigger headline";
    case "stronger-outline":
      return "Feed check: stronger headline outline";
    case "move-text":
      return fix.changes.subjectPosition ? "Feed check: move the subject away from the timestamp" : "Feed check: move the text away from the timestamp";
    case "darker-backdrop":
      return "Feed check: darker background behind the headline";
    case "bigger-subject":
      return "Feed check: bigger subject";
    case "new-hook":
      return `Feed check: new headline "${fix.changes.headline ?? ""}"`;
    case "text-layer":
      return `Feed check: write the headline "${fix.changes.headline ?? ""}" exactly as spelt, clearly`;
  }
}
