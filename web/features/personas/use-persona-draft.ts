import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PersonaDraft } from "../../../contract/personas.ts";
import { useSocketEvent } from "../../lib/socket-context.tsx";
import { getPersonaDraft, personaDraftKey } from "./api.ts";

/** How often the draft is read while it is being made, in case a `persona:draft` event is missed. */
export const DRAFT_POLL_MS = 1500;

export const isDraftFinal = (draft: PersonaDraft | undefined) => draft?.status === "ready" || draft?.status === "failed";

/**
 * Follows one draft until it is ready or failed: `persona:draft` events update it at once, and a poll of
 * GET /api/personas/drafts/:id every 1.5 s covers a dropped socket. `initial` is the POST's answer.
 */
export function usePersonaDraft(initial: PersonaDraft | null) {
  const queryClient = useQueryClient();
  const id = initial?.id;
  const query = useQuery({
    queryKey: personaDraftKey(id ?? ""),
    queryFn: () => getPersonaDraft(id ?? ""),
    enabled: id !== undefined,
    ...(initial ? { initialData: initial } : {}),
    // The POST's answer counts as fresh: the first read comes one interval later, and only a final draft stops them.
    staleTime: DRAFT_POLL_MS,
    refetchInterval: (q) => (isDraftFinal(q.state.data) ? false : DRAFT_POLL_MS),
  });
  useSocketEvent("persona:draft", ({ draft }) => {
    if (draft.id !== id) return;
    queryClient.setQueryData<PersonaDraft>(personaDraftKey(draft.id), (current) => (isDraftFinal(current) ? current : draft));
  });
  return id === undefined ? undefined : query.data;
}
