import type { PersonaDraft } from "../../../contract/personas.ts";
import type { PersonaService } from "../../personas/service.ts";
import type { RealtimeListening } from "../../realtime/publisher.ts";

export type DraftWaiter = (userId: string, draftId: string, signal: AbortSignal) => Promise<PersonaDraft>;

const isFinished = (draft: PersonaDraft) => draft.status === "ready" || draft.status === "failed";

/**
 * Waits until a persona draft is ready or failed, told by its `persona:draft` events through the realtime hub (the job
 * may run on another node), never by polling: the draft is read once as the wait begins (it may have finished
 * already) and again only after the cross-node channel was lost. Answers the draft as it stands when `signal` aborts
 * or `timeoutMs` passes.
 */
export function createDraftWaiter(deps: { personas: Pick<PersonaService, "draft">; realtime: RealtimeListening; timeoutMs?: number }): DraftWaiter {
  const timeoutMs = deps.timeoutMs ?? 5 * 60_000;
  return (userId, draftId, signal) =>
    new Promise<PersonaDraft>((resolve, reject) => {
      let latest: PersonaDraft | undefined;
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        stopListening();
        stopResuming();
        clearTimeout(timer);
        signal.removeEventListener("abort", onEnd);
        outcome();
      };
      const take = (draft: PersonaDraft) => {
        // A finished draft is final: a read that began before it finished must not undo its event.
        if (settled || (latest && isFinished(latest))) return;
        latest = draft;
        if (isFinished(draft)) finish(() => resolve(draft));
      };
      const read = () => deps.personas.draft(userId, draftId).then(take, (err: unknown) => finish(() => reject(err)));
      const onEnd = () => finish(() => (latest ? resolve(latest) : reject(signal.aborted ? signal.reason : new Error(`draft ${draftId} was never read within ${timeoutMs} ms`))));
      const stopListening = deps.realtime.listen((message) => {
        if (message.type === "event" && message.userId === userId && message.event === "persona:draft" && message.payload.draft.id === draftId) take(message.payload.draft);
      });
      const stopResuming = deps.realtime.onResumed(() => void read());
      const timer = setTimeout(onEnd, timeoutMs);
      signal.addEventListener("abort", onEnd, { once: true });
      if (signal.aborted) onEnd();
      else void read();
    });
}
