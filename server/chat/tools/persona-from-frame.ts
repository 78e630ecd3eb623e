import { tool, zodSchema } from "ai";
import { chatTools, type PersonaFromFrameOutput } from "../../../contract/chat.ts";
import { defaultLanguage } from "../../../contract/languages.ts";
import { handleFromName, PERSONA_HANDLE_PATTERN, type PersonaDraft, personaRoles } from "../../../contract/personas.ts";
import { AppError } from "../../errors/app-error.ts";
import type { PersonaService } from "../../personas/service.ts";
import type { ChatToolContext } from "./context.ts";
import type { DraftWaiter } from "./wait-for-draft.ts";

// Wrapped once: the model is given its JSON schema on every step, and a wrapped schema converts only once.
const inputSchema = zodSchema(chatTools.personaFromFrame.input);

export interface PersonaFromFrameDeps {
  personas: Pick<PersonaService, "generate" | "save" | "list">;
  waitForDraft: DraftWaiter;
}

/** The first free handle after a taken one (`me` → `me-2`), to offer in its place. */
function freeAfter(handle: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${handle.slice(0, 30 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const handleTaken = (handle: string, offer: string) =>
  new AppError("conflict:persona_handle", `@${handle} is taken by another of your personas. Say another handle, such as @${offer}.`);

/**
 * Makes a persona from one photo, free as on the Persona view (docs/product/videos.md, In the chat): the frame just
 * taken, else the image attached to the message. A draft is made by the persona job from that photo alone; the tool
 * waits for it (its `persona:draft` events, never polling) and saves it under the handle asked for, so `@handle` works
 * in the next message. A taken handle is refused before any work, with a free one to offer; a frame with no subject
 * fails as the draft does.
 */
export function personaFromFrameTool(deps: PersonaFromFrameDeps, ctx: ChatToolContext) {
  return tool({
    description:
      "Makes one of the user's personas from a single photo, free: the frame just taken with videoFrame (\"make @me from this frame\") or an image by id. " +
      "`handle` is the @handle the user asked for, without the @ (\"me\"); `name` and `role` default to the draft's suggestion and artist. The persona can be used with @handle in the next message.",
    inputSchema,
    async execute(input): Promise<PersonaFromFrameOutput> {
      const imageId = input.imageId ?? ctx.attachmentImageId;
      if (!imageId) throw new AppError("invalid:persona_draft", "There is no frame or photo to make the persona from. Take a frame of your video or attach a photo first.");
      const handle = input.handle?.replace(/^@/, "").toLowerCase();
      if (handle !== undefined && !PERSONA_HANDLE_PATTERN.test(handle)) {
        throw new AppError("invalid:body", `@${handle} cannot be a handle: use 2 to 30 letters, digits, - or _.`);
      }
      if (handle !== undefined) {
        const taken = new Set((await deps.personas.list(ctx.userId)).map((persona) => persona.handle));
        if (taken.has(handle)) throw handleTaken(handle, freeAfter(handle, taken));
      }
      const started = await deps.personas.generate(ctx.userId, { photoIds: [imageId], role: input.role ?? personaRoles[0], language: ctx.language ?? defaultLanguage });
      const draft: PersonaDraft = await deps.waitForDraft(ctx.userId, started.id, ctx.signal);
      if (draft.status === "failed") {
        const noSubject = draft.errorCode === "invalid:no_subject" || draft.errorCode === "unprocessable:persona";
        throw noSubject
          ? new AppError("unprocessable:persona", "No person or object could be cut out of that frame. Try another moment.")
          : new AppError("unavailable:interrupted", draft.error ?? "Something went wrong making this persona. Try again.");
      }
      if (draft.status !== "ready") throw new AppError("unavailable:interrupted", "The persona is still being made. Open it on the Personas screen to save it once it is ready.");
      const name = input.name ?? draft.suggestedName ?? (handle ? handle : "Persona");
      try {
        // Without a handle asked for, the service makes one from the name, free with -2, -3…
        const persona = await deps.personas.save(ctx.userId, { draftId: draft.id, name, handle });
        return { persona, imageId };
      } catch (err) {
        if (!(err instanceof AppError && err.code === "conflict:persona_handle")) throw err;
        // Taken meanwhile (another tab): the offer is read again.
        const wanted = handle ?? handleFromName(name);
        const taken = new Set((await deps.personas.list(ctx.userId)).map((persona) => persona.handle));
        throw handleTaken(wanted, freeAfter(wanted, taken));
      }
    },
  });
}
