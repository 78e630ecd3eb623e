import { useMemo } from "react";
import { usePersonas } from "../../lib/personas-api.ts";
import type { MentionablePersona } from "./types.ts";

/**
 * The personas the composer can @-mention: the user's saved ones from GET /api/personas, under the query key the
 * Persona view uses, so a save, rename or delete there shows here at once. `known` is false until the list has loaded.
 */
export function useMentionablePersonas(): { personas: MentionablePersona[]; known: boolean } {
  const query = usePersonas();
  const personas = useMemo(
    () => (query.data?.personas ?? []).map((persona) => ({ handle: persona.handle, name: persona.name, thumbUrl: persona.urls.thumb })),
    [query.data],
  );
  return { personas, known: query.isSuccess };
}
