import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type PersonaListResponse, personaListResponseSchema, PERSONAS_PATH } from "../../contract/personas.ts";
import { apiRequest } from "./api.ts";
import { useSocketEvent } from "./socket-context.tsx";

/** The saved personas; the Persona view and the chat's @-autocomplete share this key, so a change shows in both. */
export const personasKey = [PERSONAS_PATH] as const;

export async function listPersonas(): Promise<PersonaListResponse> {
  const res = await apiRequest("GET", PERSONAS_PATH);
  return personaListResponseSchema.parse(await res.json());
}

/** The user's saved personas (GET /api/personas), in the server's order; read again when any tab changes them. */
export function usePersonas() {
  const queryClient = useQueryClient();
  useSocketEvent("personas:changed", () => void queryClient.invalidateQueries({ queryKey: personasKey }));
  return useQuery({ queryKey: personasKey, queryFn: listPersonas });
}
