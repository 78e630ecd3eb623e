import { tool, zodSchema } from "ai";
import { chatTools, type ListPersonasOutput } from "../../../contract/chat.ts";
import type { PersonaService } from "../../personas/service.ts";
import type { ChatToolContext } from "./context.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.listPersonas.input);

/** The signed-in user's personas, by handle: what `@handle` may name. */
export function listPersonasTool(deps: { personas: PersonaService }, ctx: ChatToolContext) {
  return tool({
    description: "Lists the user's own personas (their @handles, names and roles).",
    inputSchema,
    async execute(): Promise<ListPersonasOutput> {
      return { personas: await deps.personas.list(ctx.userId) };
    },
  });
}
