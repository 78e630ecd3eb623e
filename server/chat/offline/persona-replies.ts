import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

/** What the offline assistant says about a persona made from a frame (docs/product/videos.md, In the chat). */

/** Why personaFromFrame failed, as the answer tells it. */
export type PersonaProblem = { problem: "handle-taken"; handle: string; offer: string } | { problem: "no-subject" } | { problem: "other" };

interface PersonaPhrases {
  lead(handle: string | undefined): readonly string[];
  made(handle: string, name: string): readonly string[];
  taken(handle: string, offer: string): readonly string[];
  noSubject: readonly string[];
  other: readonly string[];
}

const phrases: Record<Language, PersonaPhrases> = {
  en: {
    lead: (handle) => [handle ? `Cutting you out of the frame as @${handle}.` : "Making a persona from the frame."],
    made: (handle, name) => [`Here's @${handle} (${name}), cut out of the frame. Free. Mention @${handle} in your next message to use it.`],
    taken: (handle, offer) => [`@${handle} is already one of your personas, so I made nothing. Say another handle, such as @${offer}, and I'll make it.`],
    noSubject: ["I couldn't find a person or object to cut out of that frame, so no persona was made. Try another moment."],
    other: ["I couldn't make a persona from that frame just now. Try again in a moment."],
  },
  es: {
    lead: (handle) => [handle ? `Te recorto del fotograma como @${handle}.` : "Creo una persona a partir del fotograma."],
    made: (handle, name) => [`Aquí está @${handle} (${name}), recortado del fotograma. Gratis. Menciona @${handle} en tu próximo mensaje para usarlo.`],
    taken: (handle, offer) => [`@${handle} ya es una de tus personas, así que no he creado nada. Dime otro identificador, como @${offer}, y la creo.`],
    noSubject: ["No encontré ninguna persona ni objeto que recortar en ese fotograma, así que no se creó ninguna persona. Prueba otro momento."],
    other: ["No pude crear una persona a partir de ese fotograma ahora. Inténtalo de nuevo en un momento."],
  },
  fr: {
    lead: (handle) => [handle ? `Je vous découpe de l'image en @${handle}.` : "Je crée un persona à partir de l'image."],
    made: (handle, name) => [`Voici @${handle} (${name}), découpé de l'image. Gratuit. Mentionnez @${handle} dans votre prochain message pour l'utiliser.`],
    taken: (handle, offer) => [`@${handle} est déjà l'un de vos personas, je n'ai donc rien créé. Donnez un autre identifiant, comme @${offer}, et je le crée.`],
    noSubject: ["Je n'ai trouvé ni personne ni objet à découper dans cette image : aucun persona n'a été créé. Essayez un autre moment."],
    other: ["Je n'ai pas pu créer de persona à partir de cette image pour l'instant. Réessayez dans un instant."],
  },
  de: {
    lead: (handle) => [handle ? `Ich schneide dich als @${handle} aus dem Bild aus.` : "Ich erstelle eine Persona aus dem Bild."],
    made: (handle, name) => [`Hier ist @${handle} (${name}), aus dem Bild ausgeschnitten. Kostenlos. Erwähne @${handle} in deiner nächsten Nachricht, um die Persona zu nutzen.`],
    taken: (handle, offer) => [`@${handle} ist schon eine deiner Personas, darum habe ich nichts erstellt. Nenn ein anderes Handle, etwa @${offer}, dann erstelle ich sie.`],
    noSubject: ["Ich habe in diesem Bild keine Person und kein Objekt zum Ausschneiden gefunden, darum wurde keine Persona erstellt. Versuch einen anderen Moment."],
    other: ["Ich konnte gerade keine Persona aus diesem Bild erstellen. Versuch es gleich noch einmal."],
  },
  zh: {
    lead: (handle) => [handle ? `正在把你从画面中抠出来，做成 @${handle}。` : "正在用这个画面创建人设。"],
    made: (handle, name) => [`这是 @${handle}（${name}），从画面中抠出。免费。在下一条消息里提到 @${handle} 就能使用。`],
    taken: (handle, offer) => [`@${handle} 已经是你的人设了，所以我什么也没做。换一个名称，比如 @${offer}，我就来创建。`],
    noSubject: ["这个画面里找不到可以抠出的人或物体，所以没有创建人设。换个时刻试试。"],
    other: ["暂时没能用这个画面创建人设。请稍后再试。"],
  },
  ja: {
    lead: (handle) => [handle ? `フレームからあなたを切り抜いて @${handle} にします。` : "フレームからペルソナを作ります。"],
    made: (handle, name) => [`@${handle}（${name}）をフレームから切り抜きました。無料です。次のメッセージで @${handle} と書けば使えます。`],
    taken: (handle, offer) => [`@${handle} はすでにあなたのペルソナなので、何も作っていません。@${offer} など別のハンドルを指定してくれれば作ります。`],
    noSubject: ["そのフレームには切り抜ける人や物が見つからなかったので、ペルソナは作れませんでした。別の瞬間を試してください。"],
    other: ["今はそのフレームからペルソナを作れませんでした。少ししてからもう一度どうぞ。"],
  },
};

export const personaLead = (handle: string | undefined, language: Language, seed: number): string => pick(phrases[language].lead(handle), seed);

export const personaMade = (made: { handle: string; name: string }, language: Language, seed: number): string => pick(phrases[language].made(made.handle, made.name), seed);

export function personaProblem(problem: PersonaProblem, language: Language, seed: number): string {
  const book = phrases[language];
  if (problem.problem === "handle-taken") return pick(book.taken(problem.handle, problem.offer), seed);
  return pick(problem.problem === "no-subject" ? book.noSubject : book.other, seed);
}

/** Which problem a personaFromFrame error is, from its code and words (the taken handle and the one offered). */
export function classifyPersonaError(error: unknown): PersonaProblem {
  const text = typeof error === "string" ? error : JSON.stringify(error ?? "");
  const taken = /@([a-z0-9][a-z0-9_-]*) is taken[^@]*@([a-z0-9][a-z0-9_-]*)/u.exec(text);
  if (taken?.[1] && taken[2]) return { problem: "handle-taken", handle: taken[1], offer: taken[2] };
  if (/unprocessable:persona|no_subject|no clear subject|could be cut out/iu.test(text)) return { problem: "no-subject" };
  return { problem: "other" };
}
