import type { ChatMessage, MentionablePersona } from "./types.ts";

/** Personas the thread has seen (each `listPersonas` result), for the composer's @-autocomplete; newest wins. */
export function personasFromMessages(messages: readonly ChatMessage[]): MentionablePersona[] {
  const byHandle = new Map<string, MentionablePersona>();
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type !== "tool-listPersonas" || part.state !== "output-available") continue;
      for (const persona of part.output.personas) byHandle.set(persona.handle, { handle: persona.handle, name: persona.name });
    }
  }
  return [...byHandle.values()];
}
