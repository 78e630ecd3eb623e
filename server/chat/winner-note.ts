import { randomUUID } from "node:crypto";
import type { ImagesToolOutput } from "../../contract/chat.ts";
import type { ImageRecord } from "../../contract/images.ts";
import type { Language } from "../../contract/languages.ts";
import { models } from "../../contract/models.ts";
import type { Tx } from "../../db/open-db.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import { waitsForApproval } from "./approvals.ts";
import type { LiveStreams } from "./live-streams.ts";
import type { ChatService } from "./service.ts";

/** What the thread says when a comparison's winner is picked: the model by name, and that the next change starts from it. */
const said: Record<Language, (model: string) => string> = {
  en: (model) => `You picked ${model}'s image as the winner. It is the current image now: the next edit, check or variant starts from it.`,
  es: (model) => `Elegiste la imagen de ${model} como ganadora. Ahora es la imagen actual: la próxima edición, revisión o variante parte de ella.`,
  fr: (model) => `Vous avez choisi l'image de ${model} comme gagnante. C'est maintenant l'image actuelle : la prochaine retouche, vérification ou variante part d'elle.`,
  de: (model) => `Du hast das Bild von ${model} als Gewinner gewählt. Es ist jetzt das aktuelle Bild: die nächste Änderung, Prüfung oder Variante geht von ihm aus.`,
  zh: (model) => `你选了 ${model} 的图作为胜出者。它现在是当前图片：下一次修改、检查或变体都从它开始。`,
  ja: (model) => `${model} の画像を勝者に選びました。これが現在の画像です。次の編集・チェック・バリエーションはこの画像から始まります。`,
};

/**
 * A comparison's winner, told in the conversation that asked for it: an answer of its own at the end of the branch
 * shown, with the words above and a pick of the winner (a `pickImage` result, nothing rendered, nothing charged),
 * which is what makes it the current image for the server's tools (turns.ts, imagesIn) and the web's chips alike.
 * Refused while an answer is still coming (it would land in the middle of that answer) or while the answer shown waits
 * on an Approve / Deny (the note would strand it). Read before the pick's transaction; saved in it. A conversation deleted since takes
 * no note: the pick stands on its own.
 */
export function createWinnerNote(deps: { chat: Pick<ChatService, "owned" | "thread" | "saveAnswer">; live: Pick<LiveStreams, "isLive">; credits: Pick<CreditsService, "balance"> }) {
  return async (winner: { userId: string; conversationId: string; image: ImageRecord; language: Language }): Promise<((tx: Tx) => Promise<void>) | undefined> => {
    const conversation = await deps.chat.owned(winner.userId, winner.conversationId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === "not_found:conversation") return undefined;
      throw err;
    });
    if (!conversation) return undefined;
    if (await deps.live.isLive(conversation.id)) {
      throw new AppError("conflict:chat_busy", "An answer is still coming in this conversation. Pick the winner when it has finished.");
    }
    if (waitsForApproval((await deps.chat.thread(winner.userId, conversation.id, conversation)).at(-1))) {
      throw new AppError("conflict:chat_approval_waiting", "This conversation waits on your Approve or Deny. Answer it, then pick the winner.");
    }
    const label = models.find((model) => model.id === winner.image.model)?.label ?? winner.image.model ?? "";
    const output: ImagesToolOutput = { images: [winner.image], creditsSpent: 0, creditsLeft: (await deps.credits.balance(winner.userId)) ?? 0, outcome: "picked" };
    const parts = [
      { type: "text", text: said[winner.language](label), state: "done" },
      { type: "tool-pickImage", toolCallId: `call_${randomUUID()}`, state: "output-available", input: { imageId: winner.image.id }, output },
    ];
    // Written by the pick's transaction, with the winner.
    return (tx) => deps.chat.saveAnswer(conversation, { id: randomUUID(), role: "assistant", parts }, conversation.activeMessageId, tx);
  };
}
