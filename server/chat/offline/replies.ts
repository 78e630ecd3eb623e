import type { ImageStyle } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { type ArtProblem, renderArtLead, renderArtProblem } from "./art-replies.ts";
import { onlyHeadlineChanges, type SceneChange } from "../../../contract/chat.ts";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import { checkLead, checkResult } from "./check-replies.ts";
import type { ArtEdit } from "./art-words.ts";
import { describeChanges, renderNoChange, renderUnchanged } from "./edit-replies.ts";
import type { ClarifyReason } from "./intent.ts";
import { packLead, packReady } from "./pack-replies.ts";
import { type ComparedSummary, compareLead, compareStarted } from "./compare-replies.ts";
import { type PersonaProblem, personaLead, personaMade, personaProblem } from "./persona-replies.ts";
import { type PickAsk, pickLead, pickResult, type VersionPlace } from "./pick-replies.ts";
import { pick } from "./seeded.ts";
import { type TitleResult, titleLead, titleResult } from "./title-replies.ts";
import { cannotRelay, frameLead, madeFromPrompt, variantsReady, varyLead } from "./variant-replies.ts";
import { type Spoken, spokenReply, type TakenFrames, type VideoLead, type VideoProblem, videoLead, videoProblem, videoTaken } from "./video-replies.ts";

/** What went wrong in a tool, as far as the answer needs to know. */
export type ToolProblem = "credits" | "persona" | "style-kit" | "style-kit-gone" | "image" | "relay" | "refused" | "model" | "busy" | "unavailable" | "invalid" | "unknown";
/** The main change an edit makes, so the lead-in can name it. */
export type EditFocus = "frame" | "headline-color" | "headline-size" | "headline-place" | "headline-text" | "subject-place" | "style";
/** What a failed tool call did to the user's credits. */
export type CreditOutcome = "refunded" | "not-spent" | "none";

export interface ImagesSummary {
  ready: number;
  pending: number;
  failed: number;
  spent: number;
  /** What the ledger refunded for these images: a refund is said only when there is one. */
  refunded?: number;
  left: number;
  /** Why the failed ones failed, when the drawn objects were the reason. */
  artProblem?: ArtProblem;
  /** An edit's scene diff: a finished edit is told by what it changed, not by the tool that ran. */
  changes?: readonly SceneChange[];
  /** A provider edit came back unchanged (and was refunded). */
  unchanged?: boolean;
  /** Variants of the current image (varyImage), or new images from its prompt when it had no scene to vary. */
  variants?: "scene" | "from-prompt";
}

/** Everything the assistant can say; each becomes one short, localized text. */
export type Reply =
  | { kind: "lead-generate"; count: number; style?: ImageStyle; headline?: string }
  | { kind: "lead-pack"; headline?: string }
  | { kind: "lead-vary"; count: number }
  | { kind: "lead-edit"; focus?: EditFocus; art?: ArtEdit }
  | { kind: "lead-swap"; handle: string }
  | { kind: "lead-personas" }
  | { kind: "help" }
  | { kind: "credits"; credits?: number }
  | { kind: "greeting" }
  | { kind: "thanks" }
  | { kind: "refuse" }
  | { kind: "clarify"; reason: ClarifyReason; topic?: string }
  | { kind: "tool-missing" }
  | { kind: "images"; summary: ImagesSummary; pack?: boolean }
  | { kind: "personas"; personas: readonly { handle: string; name: string }[] }
  | { kind: "tool-error"; problem: ToolProblem; credits: CreditOutcome }
  | { kind: "denied" }
  /** An edit that would have changed nothing: no image, no charge. */
  | { kind: "no-change" }
  | { kind: "lead-pick"; ask: PickAsk }
  /** A pick made an existing image current (or found it already was): no render, no charge. */
  | { kind: "picked"; already: boolean; place?: VersionPlace }
  /** A pick found no earlier (undo) or later (redo) version: nothing moved. */
  | { kind: "nothing-to-pick"; move: "undo" | "redo" }
  | { kind: "lead-title" }
  /** A setTitle answer: the title set, or refused for its length. */
  | { kind: "titled"; result: TitleResult }
  | { kind: "lead-check" }
  /** A feed check's result: what reads, what fails, and the fixes (free). */
  | { kind: "check"; check: FeedCheck }
  | { kind: "lead-video"; lead: VideoLead }
  | { kind: "video-frames"; taken: TakenFrames }
  | { kind: "video-error"; problem: VideoProblem }
  | { kind: "spoken"; spoken: Spoken }
  | { kind: "lead-persona"; handle: string | undefined }
  /** A persona made from a frame, usable as @handle from the next message. */
  | { kind: "persona-made"; made: { handle: string; name: string } }
  | { kind: "persona-error"; problem: PersonaProblem }
  | { kind: "lead-compare" }
  /** A comparison queued: its models, what the set cost; the grid shows each as it finishes. */
  | { kind: "compared"; summary: ComparedSummary };

interface Phrasebook {
  credits(count: number): string;
  styleName: Record<ImageStyle, string>;
  leadGenerate(count: number, style: string | undefined): readonly string[];
  /**
   * An edit's lead-in goes out before the edit has run, and the edit may turn out to change nothing: it says what
   * will be tried, never that the change is made.
   */
  leadEdit: readonly string[];
  /** The frame has its own lead (variant-replies.ts). */
  editFocus: Record<Exclude<EditFocus, "frame">, readonly string[]>;
  leadSwap(handle: string): readonly string[];
  leadPersonas: readonly string[];
  help: readonly string[];
  creditsKnown(credits: string): readonly string[];
  creditsUnknown: readonly string[];
  greeting: readonly string[];
  thanks: readonly string[];
  refuse: readonly string[];
  clarify: Record<Exclude<ClarifyReason, "confirm-topic">, readonly string[]>;
  confirmTopic(topic: string): readonly string[];
  toolMissing: readonly string[];
  ready(count: number): readonly string[];
  pending(count: number): readonly string[];
  /** Images that failed and whose credits the ledger gave back. */
  failed(count: number): readonly string[];
  /** Images that failed with no refund in the ledger (none was charged, or it is not back yet). */
  failedNotRefunded(count: number): readonly string[];
  cost(spent: string, left: string): readonly string[];
  /** An edit of the headline alone, which cost nothing (docs/decisions/038-headline-edits-are-free.md). */
  free(left: string): readonly string[];
  nextStep: readonly string[];
  personas(list: string, count: number): readonly string[];
  noPersonas: readonly string[];
  /** A re-lay a picture cannot take has its own words (variant-replies.ts). */
  problem: Record<Exclude<ToolProblem, "relay">, readonly string[]>;
  creditOutcome: Record<Exclude<CreditOutcome, "none">, readonly string[]>;
  denied: readonly string[];
  quote(text: string): string;
  /** The headline the assistant drew from the topic, and how to choose other words. */
  chosenHeadline(quoted: string): readonly string[];
  /** Between sentences: a space, or nothing in Chinese and Japanese. */
  gap: string;
}

const en: Phrasebook = {
  credits: (count) => (count === 1 ? "1 credit" : `${count} credits`),
  styleName: { realistic: "realistic", cartoon: "cartoon", abstract: "abstract", vintage: "vintage" },
  leadGenerate: (count, style) =>
    count > 1
      ? [`On it: ${count} ${style ? `${style} ` : ""}variations coming up.`, `Sure, let me make ${count} versions for you.`, `Great idea, starting ${count} takes on it now.`]
      : [`On it, making your ${style ? `${style} ` : ""}thumbnail now.`, "Sure thing, let me draw that for you.", "Love it. Starting your thumbnail now."],
  leadEdit: ["Let me try that on your image.", "Sure, I'll try that change.", "Got it, I'll try that on your thumbnail."],
  editFocus: {
    "headline-color": ["Let me try that colour on the headline.", "Sure, I'll try a new colour for the headline."],
    "headline-size": ["Let me try the headline at a new size.", "Sure, I'll try resizing the headline."],
    "headline-place": ["Let me try the headline in a new spot.", "Sure, I'll try moving the headline."],
    "headline-text": ["Let me try the new headline.", "Sure, I'll try those words in the headline."],
    "subject-place": ["Let me try moving you over.", "Sure, I'll try shifting the subject."],
    style: ["Let me try the new style.", "Sure, I'll try that look."],
  },
  leadSwap: (handle) => [`Putting @${handle} in place of the subject now.`, `On it: @${handle} goes into that picture.`, `Sure, swapping @${handle} in.`],
  leadPersonas: ["Let me look up your personas.", "One moment, checking your personas.", "Sure, here come your personas."],
  help: [
    "I make thumbnails from a description: tell me the topic, a style (realistic, cartoon, abstract, vintage), a format (YouTube, Shorts, square), a quoted headline and @handles of your personas. Then ask me to tweak it, like a yellow headline or moving you to the left.",
    "Describe the thumbnail you want and I will make it: add a style, a format like YouTube or Shorts, a headline in quotes and your personas by @handle. Afterwards I can recolour or resize the headline, move you around or switch the style.",
  ],
  creditsKnown: (credits) => [`You have ${credits} left.`, `Your balance is ${credits}.`, `Right now you have ${credits}.`],
  creditsUnknown: ["Your balance is on the credits badge at the top of the page.", "The credits badge at the top shows your current balance."],
  greeting: ["Hi! What should we make today?", "Hello! Tell me what your next thumbnail is about.", "Hey there! Which video needs a thumbnail?"],
  thanks: ["Happy to help! Want another version or a tweak?", "Glad you like it. Anything else to change?", "You're welcome! Ready for the next one whenever you are."],
  refuse: [
    "I can't do that here. I can make or edit your own thumbnails, though: what should the next one show?",
    "That is outside what I can do; I only work on your own images and personas. What thumbnail would you like?",
  ],
  clarify: {
    "what-to-make": ["What should the thumbnail show?", "What is the video about, so I can make its thumbnail?", "Which topic should your thumbnail have?"],
    "which-edit": [
      "Happy to change it. What should be different? For example, I can make the headline bigger, turn the background blue or move you to the right.",
      "What should I change? A shorter headline, a new headline colour or a trophy drawn in, for instance.",
      "What would you like different? I can move the text to the bottom, switch to a more elegant font or make the whole thing pop.",
    ],
    "which-image": ["Which image should I change? Make a thumbnail first, or attach one.", "There is no image here yet to change. Shall I make one first? Tell me what it should show."],
  },
  confirmTopic: (topic) => [`Should I make a thumbnail of ${topic}?`, `Do you want a thumbnail showing ${topic}?`, `Shall I turn ${topic} into a thumbnail?`],
  toolMissing: ["I can't do that in this chat right now.", "That isn't available in this chat at the moment."],
  ready: (count) =>
    count > 1 ? [`Done! ${count} thumbnails are ready.`, `All ${count} versions are ready.`, `Here you go: ${count} fresh thumbnails.`] : ["Done! Your thumbnail is ready.", "Here it is, ready to use.", "All set, your image is ready."],
  pending: (count) =>
    count > 1 ? [`${count} thumbnails are on their way; they will appear here in a moment.`, `Your ${count} versions are being made right now.`] : ["Your thumbnail is on its way and will appear here in a moment.", "It is being made right now; it will show up here shortly."],
  failed: (count) => (count > 1 ? [`${count} of them failed, and their credits went back to you.`] : ["One image failed, and its credits went back to you."]),
  failedNotRefunded: (count) => (count > 1 ? [`${count} of them failed.`] : ["One image failed."]),
  cost: (spent, left) => [`That used ${spent}; you have ${left} left.`, `It cost ${spent}, leaving you ${left}.`, `${spent} spent, ${left} to go.`],
  free: (left) => [`Only the headline changed, so that one was free; you still have ${left}.`, `No credits for that one, since only the headline changed. You have ${left}.`],
  nextStep: ["Want a different headline colour or style?", "Should I tweak anything?", "Need another variation?"],
  personas: (list, count) => [`You have ${count === 1 ? "one persona" : `${count} personas`}: ${list}. Mention one with @ in your next prompt.`, `Here are your personas: ${list}. Use their @handle to put them in a thumbnail.`],
  noPersonas: ["You have no personas yet. Create one on the Personas page from a few photos, then mention it with @.", "No personas so far. Add one on the Personas page and I can put it in your thumbnails."],
  problem: {
    credits: ["You don't have enough credits for that.", "Your credits won't cover that one."],
    persona: ["I couldn't find that persona among yours; ask me to list your personas to see their handles.", "That @handle doesn't match any of your personas. Want me to list them?"],
    "style-kit": ["You have no style kit yet. Open My style, learn one from up to twelve of your own thumbnails, then ask again."],
    "style-kit-gone": ["The style kit you picked no longer exists. Pick another one under My style, or ask without it."],
    image: ["I couldn't find that image.", "That image isn't available any more."],
    refused: ["The image model refused that request.", "The model declined to make that picture."],
    model: ["That model isn't available for this request.", "That model can't do this right now."],
    busy: ["You're going a bit fast; please try again in a moment.", "Too many requests at once; give it a moment and try again."],
    unavailable: ["The image service is unavailable right now.", "Something on our side is down at the moment."],
    invalid: ["Something in that request didn't fit.", "I couldn't use those settings."],
    unknown: ["Something went wrong while making the image.", "That didn't work out, sorry."],
  },
  creditOutcome: { refunded: ["Your credits were refunded."], "not-spent": ["No credits were spent."] },
  denied: ["Okay, I didn't make it, so no image this time.", "Understood, I stopped before making anything."],
  chosenHeadline: (quoted) => [`I went with the headline ${quoted}. Want different words? Say headline: your text.`, `The headline reads ${quoted}. For other words, just say headline: your text.`],
  quote: (text) => `“${text}”`,
  gap: " ",
};

const es: Phrasebook = {
  credits: (count) => (count === 1 ? "1 crédito" : `${count} créditos`),
  styleName: { realistic: "realista", cartoon: "de caricatura", abstract: "abstracta", vintage: "retro" },
  leadGenerate: (count, style) =>
    count > 1
      ? [`Hecho, preparo ${count} variaciones.`, `Claro, voy con ${count} versiones para ti.`, `¡Buena idea! Empiezo ${count} propuestas ahora.`]
      : [`Enseguida, creo tu miniatura${style ? ` ${style}` : ""}.`, "Claro, la dibujo ahora mismo.", "¡Me encanta! Empiezo tu miniatura."],
  leadEdit: ["Claro, voy a intentarlo en tu imagen.", "Entendido, pruebo ese cambio en la imagen.", "Voy a intentar ese cambio en tu miniatura."],
  editFocus: {
    "headline-color": ["Claro, pruebo ese color en el titular.", "Entendido, voy a intentar darle otro color al titular."],
    "headline-size": ["Claro, pruebo el titular con otro tamaño.", "Entendido, voy a intentar cambiar el tamaño del titular."],
    "headline-place": ["Voy a intentar mover el titular.", "Claro, pruebo el titular en otro sitio."],
    "headline-text": ["Claro, pruebo el nuevo titular.", "Entendido, voy a intentar reescribir el titular."],
    "subject-place": ["Voy a intentar moverte de sitio.", "Claro, pruebo a desplazar al protagonista."],
    style: ["Claro, pruebo el nuevo estilo.", "Entendido, voy a intentar cambiar el estilo."],
  },
  leadSwap: (handle) => [`Pongo a @${handle} en lugar del sujeto.`, `Voy: @${handle} entra en esa imagen.`, `Claro, cambio el sujeto por @${handle}.`],
  leadPersonas: ["Déjame buscar tus personas.", "Un momento, reviso tus personas.", "Claro, aquí van tus personas."],
  help: [
    "Creo miniaturas a partir de una descripción: dime el tema, un estilo (realista, caricatura, abstracto, retro), un formato (YouTube, Shorts, cuadrado), un titular entre comillas y tus personas con @. Después puedo retocarla, por ejemplo poner el titular en amarillo o moverte a la izquierda.",
    "Descríbeme la miniatura que quieres y la hago: añade un estilo, un formato como YouTube o Shorts, un titular entre comillas y tus personas con @. Luego puedo cambiar el color o el tamaño del titular, moverte o cambiar el estilo.",
  ],
  creditsKnown: (credits) => [`Te quedan ${credits}.`, `Tu saldo es de ${credits}.`, `Ahora mismo tienes ${credits}.`],
  creditsUnknown: ["Tu saldo aparece en la insignia de créditos, arriba en la página.", "La insignia de créditos de arriba muestra tu saldo actual."],
  greeting: ["¡Hola! ¿Qué creamos hoy?", "¡Hola! Cuéntame de qué trata tu próxima miniatura.", "¡Buenas! ¿Qué vídeo necesita miniatura?"],
  thanks: ["¡Un placer! ¿Quieres otra versión o algún retoque?", "Me alegra que te guste. ¿Cambio algo más?", "¡De nada! Cuando quieras hacemos la siguiente."],
  refuse: [
    "Eso no lo puedo hacer aquí. Sí puedo crear o editar tus propias miniaturas: ¿qué debería mostrar la próxima?",
    "Eso queda fuera de lo que hago; solo trabajo con tus imágenes y tus personas. ¿Qué miniatura te gustaría?",
  ],
  clarify: {
    "what-to-make": ["¿Qué debería mostrar la miniatura?", "¿De qué trata el vídeo, para hacer su miniatura?", "¿Qué tema quieres para tu miniatura?"],
    "which-edit": [
      "¡Claro! ¿Qué cambio? Por ejemplo, puedo agrandar el titular, poner el fondo azul o moverte a la derecha.",
      "¿Qué cambio? Un titular más corto, otro color para el titular o un trofeo dibujado, por ejemplo.",
      "¿Qué quieres distinto? Puedo bajar el texto, usar una fuente más elegante o hacer que todo resalte más.",
    ],
    "which-image": ["¿Qué imagen cambio? Primero crea una miniatura o adjunta una imagen.", "Aún no hay ninguna imagen que cambiar. ¿Creo una primero? Dime qué debe mostrar."],
  },
  confirmTopic: (topic) => [`¿Hago una miniatura de ${topic}?`, `¿Quieres una miniatura que muestre ${topic}?`, `¿Convierto ${topic} en una miniatura?`],
  toolMissing: ["Ahora mismo no puedo hacer eso en este chat.", "Eso no está disponible en este chat por ahora."],
  ready: (count) =>
    count > 1 ? [`¡Listo! Tienes ${count} miniaturas.`, `Las ${count} versiones están listas.`, `Aquí tienes ${count} miniaturas nuevas.`] : ["¡Listo! Tu miniatura está terminada.", "Aquí la tienes, lista para usar.", "Todo listo, tu imagen ya está."],
  pending: (count) =>
    count > 1 ? [`Tus ${count} miniaturas están en camino; aparecerán aquí en un momento.`, `Estoy creando tus ${count} versiones ahora mismo.`] : ["Tu miniatura está en camino y aparecerá aquí en un momento.", "Se está creando ahora; aparecerá aquí enseguida."],
  failed: (count) => (count > 1 ? [`${count} fallaron y se te devolvieron sus créditos.`] : ["Una imagen falló y se te devolvieron sus créditos."]),
  failedNotRefunded: (count) => (count > 1 ? [`${count} fallaron.`] : ["Una imagen falló."]),
  cost: (spent, left) => [`Costó ${spent}; te quedan ${left}.`, `Se usaron ${spent} y te quedan ${left}.`, `Gastaste ${spent}, te quedan ${left}.`],
  free: (left) => [`Solo cambió el titular, así que fue gratis; sigues teniendo ${left}.`, `Esta no costó créditos, porque solo cambió el titular. Tienes ${left}.`],
  nextStep: ["¿Probamos otro color de titular u otro estilo?", "¿Quieres que retoque algo?", "¿Hago otra variación?"],
  personas: (list, count) => [`Tienes ${count === 1 ? "una persona" : `${count} personas`}: ${list}. Menciónala con @ en tu próxima petición.`, `Estas son tus personas: ${list}. Usa su @ para ponerlas en una miniatura.`],
  noPersonas: ["Todavía no tienes personas. Crea una en la página de Personas con unas fotos y menciónala con @.", "Aún no hay personas. Añade una en la página de Personas y la pondré en tus miniaturas."],
  problem: {
    credits: ["No tienes créditos suficientes para eso.", "Tus créditos no alcanzan para esa imagen."],
    persona: ["No encontré esa persona entre las tuyas; pídeme la lista de tus personas para ver sus @.", "Ese @ no coincide con ninguna de tus personas. ¿Te las muestro?"],
    "style-kit": ["Aún no tienes un kit de estilo. Abre Mi estilo, crea uno con hasta doce de tus miniaturas y vuelve a pedirlo."],
    "style-kit-gone": ["El kit de estilo que elegiste ya no existe. Elige otro en Mi estilo o pídelo sin él."],
    image: ["No encontré esa imagen.", "Esa imagen ya no está disponible."],
    refused: ["El modelo de imagen rechazó esa petición.", "El modelo se negó a crear esa imagen."],
    model: ["Ese modelo no está disponible para esta petición.", "Ese modelo no puede hacer esto ahora mismo."],
    busy: ["Vas un poco rápido; inténtalo de nuevo en un momento.", "Demasiadas peticiones a la vez; espera un momento y vuelve a intentarlo."],
    unavailable: ["El servicio de imágenes no está disponible ahora.", "Algo de nuestro lado no funciona en este momento."],
    invalid: ["Algo de esa petición no encajaba.", "No pude usar esos ajustes."],
    unknown: ["Algo salió mal al crear la imagen.", "No funcionó, lo siento."],
  },
  creditOutcome: { refunded: ["Se te devolvieron los créditos."], "not-spent": ["No se gastó ningún crédito."] },
  denied: ["Vale, no la hice, así que esta vez no hay imagen.", "Entendido, me detuve antes de crear nada."],
  chosenHeadline: (quoted) => [`Puse el titular ${quoted}. ¿Quieres otras palabras? Escribe titular: tu texto.`, `El titular dice ${quoted}. Para cambiarlo, escribe titular: tu texto.`],
  quote: (text) => `«${text}»`,
  gap: " ",
};

const fr: Phrasebook = {
  credits: (count) => (count <= 1 ? `${count} crédit` : `${count} crédits`),
  styleName: { realistic: "réaliste", cartoon: "façon dessin animé", abstract: "abstraite", vintage: "rétro" },
  leadGenerate: (count, style) =>
    count > 1
      ? [`C'est parti pour ${count} variantes.`, `Bien sûr, je prépare ${count} versions.`, `Bonne idée, je lance ${count} propositions.`]
      : [`Je m'en occupe, je crée votre miniature${style ? ` ${style}` : ""}.`, "Bien sûr, je la dessine tout de suite.", "J'adore l'idée. Je lance votre miniature."],
  leadEdit: ["Bien sûr, je vais essayer sur votre image.", "Compris, j'essaie ce changement sur l'image.", "Je m'en occupe, j'essaie de mettre votre miniature à jour."],
  editFocus: {
    "headline-color": ["Bien sûr, j'essaie cette couleur sur le titre.", "Compris, je vais essayer une autre couleur pour le titre."],
    "headline-size": ["Bien sûr, j'essaie une autre taille pour le titre.", "Compris, je vais essayer de changer la taille du titre."],
    "headline-place": ["Je vais essayer de déplacer le titre.", "Bien sûr, j'essaie le titre à un autre endroit."],
    "headline-text": ["Bien sûr, j'essaie le nouveau titre.", "Compris, je vais essayer de réécrire le titre."],
    "subject-place": ["Je vais essayer de vous déplacer.", "Bien sûr, j'essaie de décaler le sujet."],
    style: ["Bien sûr, j'essaie le nouveau style.", "Compris, je vais essayer ce style."],
  },
  leadSwap: (handle) => [`Je mets @${handle} à la place du sujet.`, `Je m'en occupe : @${handle} entre dans cette image.`, `Bien sûr, j'échange le sujet contre @${handle}.`],
  leadPersonas: ["Je regarde vos personas.", "Un instant, je vérifie vos personas.", "Bien sûr, voici vos personas."],
  help: [
    "Je crée des miniatures à partir d'une description : donnez-moi le sujet, un style (réaliste, dessin animé, abstrait, rétro), un format (YouTube, Shorts, carré), un titre entre guillemets et vos personas avec @. Ensuite je peux la retoucher, par exemple mettre le titre en jaune ou vous déplacer à gauche.",
    "Décrivez la miniature que vous voulez et je la crée : ajoutez un style, un format comme YouTube ou Shorts, un titre entre guillemets et vos personas avec @. Ensuite je peux changer la couleur ou la taille du titre, vous déplacer ou changer de style.",
  ],
  creditsKnown: (credits) => [`Il vous reste ${credits}.`, `Votre solde est de ${credits}.`, `Vous avez ${credits} en ce moment.`],
  creditsUnknown: ["Votre solde s'affiche sur le badge de crédits en haut de la page.", "Le badge de crédits en haut indique votre solde actuel."],
  greeting: ["Salut ! Qu'est-ce qu'on crée aujourd'hui ?", "Bonjour ! Dites-moi de quoi parle votre prochaine miniature.", "Coucou ! Quelle vidéo a besoin d'une miniature ?"],
  thanks: ["Avec plaisir ! Une autre version ou une retouche ?", "Content que ça vous plaise. Autre chose à changer ?", "De rien ! Prêt pour la suivante quand vous voulez."],
  refuse: [
    "Je ne peux pas faire ça ici. Par contre, je peux créer ou modifier vos propres miniatures : que doit montrer la prochaine ?",
    "Ça dépasse ce que je fais ; je travaille seulement sur vos images et vos personas. Quelle miniature voulez-vous ?",
  ],
  clarify: {
    "what-to-make": ["Que doit montrer la miniature ?", "De quoi parle la vidéo, pour que je fasse sa miniature ?", "Quel sujet voulez-vous pour votre miniature ?"],
    "which-edit": [
      "Avec plaisir. Qu'est-ce que je change ? Par exemple, je peux agrandir le titre, mettre le fond en bleu ou vous déplacer à droite.",
      "Qu'est-ce que je change ? Un titre plus court, une autre couleur de titre ou un trophée dessiné, par exemple.",
      "Qu'aimeriez-vous de différent ? Je peux descendre le texte, passer à une police plus élégante ou rendre le tout plus percutant.",
    ],
    "which-image": ["Quelle image dois-je modifier ? Créez d'abord une miniature ou joignez une image.", "Il n'y a encore aucune image à modifier. J'en crée une d'abord ? Dites-moi ce qu'elle doit montrer."],
  },
  confirmTopic: (topic) => [`Je fais une miniature de ${topic} ?`, `Vous voulez une miniature qui montre ${topic} ?`, `Je transforme ${topic} en miniature ?`],
  toolMissing: ["Je ne peux pas faire ça dans ce chat pour le moment.", "Ce n'est pas disponible dans ce chat pour l'instant."],
  ready: (count) =>
    count > 1 ? [`Terminé ! ${count} miniatures sont prêtes.`, `Les ${count} versions sont prêtes.`, `Voilà ${count} nouvelles miniatures.`] : ["Terminé ! Votre miniature est prête.", "La voici, prête à l'emploi.", "C'est fait, votre image est prête."],
  pending: (count) =>
    count > 1 ? [`Vos ${count} miniatures arrivent ; elles s'afficheront ici dans un instant.`, `Je crée vos ${count} versions en ce moment.`] : ["Votre miniature arrive et s'affichera ici dans un instant.", "Elle est en cours de création ; elle apparaîtra ici très vite."],
  failed: (count) => (count > 1 ? [`${count} d'entre elles ont échoué et leurs crédits vous ont été rendus.`] : ["Une image a échoué et ses crédits vous ont été rendus."]),
  failedNotRefunded: (count) => (count > 1 ? [`${count} d'entre elles ont échoué.`] : ["Une image a échoué."]),
  cost: (spent, left) => [`Ça a coûté ${spent} ; il vous reste ${left}.`, `${spent} utilisés, il vous en reste ${left}.`, `Coût : ${spent}, solde : ${left}.`],
  free: (left) => [`Seul le titre a changé, donc c'était gratuit ; il vous reste ${left}.`, `Aucun crédit pour celle-ci, car seul le titre a changé. Vous avez ${left}.`],
  nextStep: ["On essaie une autre couleur de titre ou un autre style ?", "Je retouche quelque chose ?", "Une autre variante ?"],
  personas: (list, count) => [`Vous avez ${count === 1 ? "une persona" : `${count} personas`} : ${list}. Mentionnez-la avec @ dans votre prochaine demande.`, `Voici vos personas : ${list}. Utilisez leur @ pour les mettre dans une miniature.`],
  noPersonas: ["Vous n'avez pas encore de persona. Créez-en une sur la page Personas avec quelques photos, puis mentionnez-la avec @.", "Aucune persona pour l'instant. Ajoutez-en une sur la page Personas et je la mettrai dans vos miniatures."],
  problem: {
    credits: ["Vous n'avez pas assez de crédits pour ça.", "Vos crédits ne suffisent pas pour cette image."],
    persona: ["Je n'ai pas trouvé cette persona parmi les vôtres ; demandez-moi la liste de vos personas pour voir leurs @.", "Ce @ ne correspond à aucune de vos personas. Je vous les montre ?"],
    "style-kit": ["Vous n'avez pas encore de kit de style. Ouvrez Mon style, créez-en un à partir de douze de vos miniatures au plus, puis redemandez."],
    "style-kit-gone": ["Le kit de style que vous avez choisi n'existe plus. Choisissez-en un autre dans Mon style, ou demandez sans."],
    image: ["Je n'ai pas trouvé cette image.", "Cette image n'est plus disponible."],
    refused: ["Le modèle d'image a refusé cette demande.", "Le modèle a refusé de créer cette image."],
    model: ["Ce modèle n'est pas disponible pour cette demande.", "Ce modèle ne peut pas faire ça pour le moment."],
    busy: ["Vous allez un peu vite ; réessayez dans un instant.", "Trop de demandes à la fois ; patientez un instant et réessayez."],
    unavailable: ["Le service d'images est indisponible pour le moment.", "Quelque chose ne fonctionne pas de notre côté en ce moment."],
    invalid: ["Quelque chose dans cette demande ne convenait pas.", "Je n'ai pas pu utiliser ces réglages."],
    unknown: ["Un problème est survenu pendant la création de l'image.", "Ça n'a pas marché, désolé."],
  },
  creditOutcome: { refunded: ["Vos crédits vous ont été rendus."], "not-spent": ["Aucun crédit n'a été dépensé."] },
  denied: ["D'accord, je ne l'ai pas faite : pas d'image cette fois.", "Compris, je me suis arrêté avant de créer quoi que ce soit."],
  chosenHeadline: (quoted) => [`J'ai choisi le titre ${quoted}. D'autres mots ? Écrivez titre : votre texte.`, `Le titre dit ${quoted}. Pour le changer, écrivez titre : votre texte.`],
  quote: (text) => `« ${text} »`,
  gap: " ",
};

const de: Phrasebook = {
  credits: (count) => (count === 1 ? "1 Credit" : `${count} Credits`),
  styleName: { realistic: "Fotolook", cartoon: "Comicstil", abstract: "abstrakten Stil", vintage: "Retrostil" },
  leadGenerate: (count, style) =>
    count > 1
      ? [`Alles klar, ${count} Varianten sind unterwegs.`, `Klar, ich mache dir ${count} Versionen.`, `Gute Idee, ich starte ${count} Entwürfe.`]
      : [`Mach ich, dein Thumbnail${style ? ` im ${style}` : ""} entsteht jetzt.`, "Klar, ich zeichne das gleich.", "Super Idee. Ich lege mit deinem Thumbnail los."],
  leadEdit: ["Klar, ich versuche das an deinem Bild.", "Verstanden, ich probiere die Änderung am Bild.", "Mach ich, ich versuche, dein Thumbnail anzupassen."],
  editFocus: {
    "headline-color": ["Klar, ich probiere die Farbe an der Überschrift.", "Verstanden, ich versuche eine neue Farbe für die Überschrift."],
    "headline-size": ["Klar, ich versuche, die Größe der Überschrift anzupassen.", "Verstanden, ich probiere die Überschrift in einer anderen Größe."],
    "headline-place": ["Mach ich, ich versuche, die Überschrift zu verschieben.", "Klar, ich probiere die Überschrift an einer neuen Stelle."],
    "headline-text": ["Klar, ich probiere die neue Überschrift.", "Verstanden, ich versuche, die Überschrift neu zu schreiben."],
    "subject-place": ["Mach ich, ich versuche, dich zu verschieben.", "Klar, ich probiere das Motiv weiter an der Seite."],
    style: ["Klar, ich probiere den neuen Stil.", "Verstanden, ich versuche den neuen Look."],
  },
  leadSwap: (handle) => [`Ich setze @${handle} anstelle des Motivs ein.`, `Mach ich: @${handle} kommt in dieses Bild.`, `Klar, ich tausche das Motiv gegen @${handle}.`],
  leadPersonas: ["Ich schaue nach deinen Personas.", "Einen Moment, ich prüfe deine Personas.", "Klar, hier kommen deine Personas."],
  help: [
    "Ich erstelle Thumbnails aus einer Beschreibung: Nenn mir das Thema, einen Stil (realistisch, Comic, abstrakt, Retro), ein Format (YouTube, Shorts, quadratisch), eine Überschrift in Anführungszeichen und deine Personas mit @. Danach kann ich es anpassen, etwa die Überschrift gelb machen oder dich nach links schieben.",
    "Beschreib das Thumbnail, das du willst, und ich erstelle es: mit Stil, Format wie YouTube oder Shorts, einer Überschrift in Anführungszeichen und deinen Personas per @. Danach ändere ich Farbe oder Größe der Überschrift, verschiebe dich oder wechsle den Stil.",
  ],
  creditsKnown: (credits) => [`Du hast noch ${credits}.`, `Dein Guthaben: ${credits}.`, `Im Moment hast du ${credits}.`],
  creditsUnknown: ["Dein Guthaben steht oben auf der Seite im Credits-Abzeichen.", "Das Credits-Abzeichen oben zeigt dein aktuelles Guthaben."],
  greeting: ["Hallo! Was machen wir heute?", "Hi! Erzähl mir, worum es in deinem nächsten Thumbnail geht.", "Hallo! Welches Video braucht ein Thumbnail?"],
  thanks: ["Gern geschehen! Noch eine Version oder eine Anpassung?", "Freut mich, dass es dir gefällt. Soll ich noch etwas ändern?", "Gerne! Sag Bescheid, wenn das nächste dran ist."],
  refuse: [
    "Das kann ich hier nicht. Ich kann aber deine eigenen Thumbnails erstellen oder bearbeiten: Was soll das nächste zeigen?",
    "Das liegt außerhalb meiner Aufgaben; ich arbeite nur mit deinen Bildern und Personas. Welches Thumbnail hättest du gern?",
  ],
  clarify: {
    "what-to-make": ["Was soll das Thumbnail zeigen?", "Worum geht es im Video, damit ich das Thumbnail machen kann?", "Welches Thema soll dein Thumbnail haben?"],
    "which-edit": [
      "Gern. Was soll anders werden? Ich kann zum Beispiel die Überschrift vergrößern, den Hintergrund blau machen oder dich nach rechts schieben.",
      "Was soll ich ändern? Eine kürzere Überschrift, eine neue Farbe für die Überschrift oder einen Pokal dazu, zum Beispiel.",
      "Was soll anders sein? Ich kann den Text nach unten setzen, eine elegantere Schrift nehmen oder alles knalliger machen.",
    ],
    "which-image": ["Welches Bild soll ich ändern? Erstelle zuerst ein Thumbnail oder hänge ein Bild an.", "Hier gibt es noch kein Bild zum Ändern. Soll ich zuerst eins erstellen? Sag mir, was es zeigen soll."],
  },
  confirmTopic: (topic) => [`Soll ich ein Thumbnail von ${topic} machen?`, `Möchtest du ein Thumbnail, das ${topic} zeigt?`, `Soll ich aus ${topic} ein Thumbnail machen?`],
  toolMissing: ["Das kann ich in diesem Chat gerade nicht.", "Das ist in diesem Chat im Moment nicht verfügbar."],
  ready: (count) =>
    count > 1 ? [`Fertig! ${count} Thumbnails sind bereit.`, `Alle ${count} Versionen sind fertig.`, `Bitte schön: ${count} neue Thumbnails.`] : ["Fertig! Dein Thumbnail ist bereit.", "Hier ist es, startklar.", "Erledigt, dein Bild ist fertig."],
  pending: (count) =>
    count > 1 ? [`Deine ${count} Thumbnails sind unterwegs und erscheinen gleich hier.`, `Ich erstelle gerade deine ${count} Versionen.`] : ["Dein Thumbnail ist unterwegs und erscheint gleich hier.", "Es wird gerade erstellt und taucht gleich hier auf."],
  failed: (count) => (count > 1 ? [`${count} davon sind fehlgeschlagen, ihre Credits hast du zurückbekommen.`] : ["Ein Bild ist fehlgeschlagen, seine Credits hast du zurückbekommen."]),
  failedNotRefunded: (count) => (count > 1 ? [`${count} davon sind fehlgeschlagen.`] : ["Ein Bild ist fehlgeschlagen."]),
  cost: (spent, left) => [`Das hat ${spent} gekostet; du hast noch ${left}.`, `${spent} verbraucht, noch ${left} übrig.`, `Kosten: ${spent}, Guthaben: ${left}.`],
  free: (left) => [`Nur die Überschrift hat sich geändert, also war das kostenlos; du hast noch ${left}.`, `Dafür keine Credits, weil sich nur die Überschrift geändert hat. Du hast ${left}.`],
  nextStep: ["Andere Farbe für die Überschrift oder ein anderer Stil?", "Soll ich etwas anpassen?", "Noch eine Variante?"],
  personas: (list, count) => [`Du hast ${count === 1 ? "eine Persona" : `${count} Personas`}: ${list}. Erwähne sie mit @ in deiner nächsten Anfrage.`, `Das sind deine Personas: ${list}. Mit ihrem @ kommen sie ins Thumbnail.`],
  noPersonas: ["Du hast noch keine Personas. Leg auf der Personas-Seite eine aus ein paar Fotos an und erwähne sie dann mit @.", "Noch keine Personas. Füge auf der Personas-Seite eine hinzu, dann baue ich sie in deine Thumbnails ein."],
  problem: {
    credits: ["Dafür reichen deine Credits nicht.", "Dein Guthaben reicht für dieses Bild nicht."],
    persona: ["Diese Persona habe ich bei dir nicht gefunden; frag mich nach deinen Personas, dann siehst du ihre @-Namen.", "Dieses @ passt zu keiner deiner Personas. Soll ich sie dir zeigen?"],
    "style-kit": ["Du hast noch kein Stil-Kit. Öffne Mein Stil, lerne eins aus bis zu zwölf deiner eigenen Vorschaubilder und frag dann noch einmal."],
    "style-kit-gone": ["Das gewählte Stil-Kit gibt es nicht mehr. Wähle unter Mein Stil ein anderes oder frag ohne Kit."],
    image: ["Dieses Bild habe ich nicht gefunden.", "Dieses Bild ist nicht mehr verfügbar."],
    refused: ["Das Bildmodell hat die Anfrage abgelehnt.", "Das Modell wollte dieses Bild nicht erstellen."],
    model: ["Dieses Modell ist für diese Anfrage nicht verfügbar.", "Dieses Modell kann das gerade nicht."],
    busy: ["Das ging etwas schnell; versuch es gleich noch einmal.", "Zu viele Anfragen auf einmal; warte kurz und versuch es erneut."],
    unavailable: ["Der Bilddienst ist gerade nicht erreichbar.", "Bei uns klemmt gerade etwas."],
    invalid: ["Etwas an der Anfrage hat nicht gepasst.", "Mit diesen Einstellungen konnte ich nichts anfangen."],
    unknown: ["Beim Erstellen des Bildes ist etwas schiefgelaufen.", "Das hat leider nicht geklappt."],
  },
  creditOutcome: { refunded: ["Deine Credits wurden erstattet."], "not-spent": ["Es wurden keine Credits verbraucht."] },
  denied: ["Okay, ich habe es nicht erstellt, diesmal also kein Bild.", "Verstanden, ich habe aufgehört, bevor etwas erstellt wurde."],
  chosenHeadline: (quoted) => [`Als Überschrift habe ich ${quoted} gewählt. Andere Worte? Schreib Überschrift: dein Text.`, `Die Überschrift lautet ${quoted}. Für andere Worte schreib Überschrift: dein Text.`],
  quote: (text) => `„${text}“`,
  gap: " ",
};

const zh: Phrasebook = {
  credits: (count) => `${count} 积分`,
  styleName: { realistic: "写实", cartoon: "卡通", abstract: "抽象", vintage: "复古" },
  leadGenerate: (count, style) =>
    count > 1
      ? [`好的，马上做 ${count} 个版本。`, `没问题，我来做 ${count} 张不同的图。`, `好主意，现在开始做 ${count} 张。`]
      : [`好的，正在做你的${style ? `${style}风格` : ""}缩略图。`, "没问题，我这就画。", "好主意！开始制作你的缩略图。"],
  leadEdit: ["好的，我在这张图上试试。", "明白，我试着调整图片。", "好的，我来试试更新你的缩略图。"],
  editFocus: {
    "headline-color": ["好的，我试试给标题换这个颜色。", "明白，我来试一下标题的新颜色。"],
    "headline-size": ["好的，我试试调整标题大小。", "明白，我来试一下改标题的大小。"],
    "headline-place": ["好的，我试试移动标题。", "没问题，我来试一下调整标题的位置。"],
    "headline-text": ["好的，我试试换上新的标题。", "明白，我来试一下改写标题。"],
    "subject-place": ["好的，我试试移动人物。", "没问题，我来试一下调整主体的位置。"],
    style: ["好的，我试试换个风格。", "明白，我来试一下新的风格。"],
  },
  leadSwap: (handle) => [`好的，用 @${handle} 替换画面主体。`, `马上把 @${handle} 放进这张图。`, `明白，正在换成 @${handle}。`],
  leadPersonas: ["我来查一下你的角色。", "稍等，我看看你的角色。", "好的，这就列出你的角色。"],
  help: [
    "我可以根据描述制作缩略图：告诉我主题、风格（写实、卡通、抽象、复古）、尺寸（YouTube、竖屏短视频、方形）、用引号写出的标题，以及用 @ 提到的角色。之后还能继续调整，比如把标题改成黄色，或者把你移到左边。",
    "描述你想要的缩略图，我就来做：可以加上风格、YouTube 或竖屏等尺寸、引号里的标题和用 @ 提到的角色。做好后我还能改标题的颜色和大小、移动人物或换风格。",
  ],
  creditsKnown: (credits) => [`你还剩 ${credits}。`, `你的余额是 ${credits}。`, `目前你有 ${credits}。`],
  creditsUnknown: ["余额显示在页面顶部的积分标识上。", "页面顶部的积分标识会显示你当前的余额。"],
  greeting: ["你好！今天想做点什么？", "你好！说说你下一张缩略图的主题吧。", "嗨！哪个视频需要缩略图？"],
  thanks: ["不客气！要再来一个版本或者调整一下吗？", "很高兴你喜欢。还有什么要改的吗？", "不用谢！随时开始下一张。"],
  refuse: ["这个我在这里做不了。不过我可以制作或修改你自己的缩略图：下一张想要什么内容？", "这超出了我的能力范围，我只处理你自己的图片和角色。你想要什么样的缩略图？"],
  clarify: {
    "what-to-make": ["缩略图要展示什么内容？", "视频讲的是什么？我好来做缩略图。", "你的缩略图想要什么主题？"],
    "which-edit": [
      "没问题！想改哪里？比如我可以把标题放大、把背景换成蓝色，或者把你移到右边。",
      "要改什么呢？比如标题短一点、换个标题颜色，或者加一个奖杯。",
      "想要哪里不一样？我可以把文字移到下面、换成更优雅的字体，或者让整张图更吸睛。",
    ],
    "which-image": ["要修改哪张图？请先生成一张缩略图，或者附上一张图片。", "这里还没有可以修改的图片。要我先做一张吗？告诉我要画什么。"],
  },
  confirmTopic: (topic) => [`要我做一张关于${topic}的缩略图吗？`, `你想要一张展示${topic}的缩略图吗？`, `把${topic}做成缩略图，可以吗？`],
  toolMissing: ["目前在这个对话里做不了这个。", "这个功能在当前对话中暂时不可用。"],
  ready: (count) => (count > 1 ? [`完成！${count} 张缩略图已经好了。`, `${count} 个版本都做好了。`, `给你：${count} 张新缩略图。`] : ["完成！你的缩略图做好了。", "做好了，可以直接用。", "搞定，图片已经准备好了。"]),
  pending: (count) => (count > 1 ? [`${count} 张缩略图正在生成，马上就会显示在这里。`, `正在制作你的 ${count} 个版本。`] : ["缩略图正在生成，马上就会显示在这里。", "正在制作中，很快就会出现在这里。"]),
  failed: (count) => (count > 1 ? [`其中 ${count} 张生成失败，积分已退还给你。`] : ["有一张生成失败，积分已退还给你。"]),
  failedNotRefunded: (count) => (count > 1 ? [`其中 ${count} 张生成失败。`] : ["有一张生成失败。"]),
  cost: (spent, left) => [`这次用了 ${spent}，还剩 ${left}。`, `花费 ${spent}，余额 ${left}。`, `消耗 ${spent}，剩余 ${left}。`],
  free: (left) => [`只改了标题，所以这次免费；你还有 ${left}。`, `只改了标题，这次没有消耗积分。余额 ${left}。`],
  nextStep: ["要换个标题颜色或风格吗？", "需要再调整一下吗？", "要不要再来一个版本？"],
  personas: (list, count) => [`你有 ${count} 个角色：${list}。下次在提示里用 @ 提到就行。`, `这是你的角色：${list}。用 @ 加上名字就能把他们放进缩略图。`],
  noPersonas: ["你还没有角色。在“角色”页面用几张照片创建一个，然后用 @ 提到它。", "目前还没有角色。去“角色”页面添加一个，我就能把它放进你的缩略图。"],
  problem: {
    credits: ["你的积分不够。", "积分不足，无法生成这张图。"],
    persona: ["在你的角色里没找到这个，可以让我列出你的角色看看它们的 @ 名称。", "这个 @ 名称和你的任何角色都不匹配。要我列出来吗？"],
    "style-kit": ["你还没有风格包。打开“我的风格”，用最多十二张你自己的缩略图生成一个，然后再来找我。"],
    "style-kit-gone": ["你选择的风格包已不存在。请在“我的风格”中另选一个，或不用风格包再试一次。"],
    image: ["没找到那张图片。", "那张图片已经不可用了。"],
    refused: ["图像模型拒绝了这个请求。", "模型拒绝生成这张图。"],
    model: ["这个模型不支持这个请求。", "这个模型现在做不了这个。"],
    busy: ["操作有点快，请稍后再试。", "同时请求太多，请稍等片刻再试。"],
    unavailable: ["图像服务暂时不可用。", "我们这边暂时出了点问题。"],
    invalid: ["这个请求里有些内容不太对。", "这些设置没法使用。"],
    unknown: ["生成图片时出了点问题。", "抱歉，没有成功。"],
  },
  creditOutcome: { refunded: ["积分已退还。"], "not-spent": ["没有消耗积分。"] },
  denied: ["好的，我没有生成，这次没有图片。", "明白，我在生成之前就停下了。"],
  chosenHeadline: (quoted) => [`我用的标题是${quoted}。想换别的字？发送“标题：你的文字”即可。`, `标题写的是${quoted}。要改的话，发送“标题：你的文字”。`],
  quote: (text) => `“${text}”`,
  gap: "",
};

const ja: Phrasebook = {
  credits: (count) => `${count}クレジット`,
  styleName: { realistic: "リアル", cartoon: "カートゥーン", abstract: "抽象", vintage: "レトロ" },
  leadGenerate: (count, style) =>
    count > 1
      ? [`了解です。${count}パターン作りますね。`, `もちろん、${count}つのバージョンを用意します。`, `いいですね！${count}枚作り始めます。`]
      : [`了解です、${style ? `${style}風の` : ""}サムネイルを作りますね。`, "もちろん、すぐに描きます。", "いいアイデアですね！作り始めます。"],
  leadEdit: ["了解です、画像で試してみますね。", "わかりました、画像の調整を試してみます。", "サムネイルの更新を試してみます。"],
  editFocus: {
    "headline-color": ["了解です、見出しの色を変えてみますね。", "わかりました、見出しを別の色で試してみます。"],
    "headline-size": ["了解です、見出しの大きさを調整してみます。", "わかりました、見出しのサイズを変えてみます。"],
    "headline-place": ["了解です、見出しを移動してみます。", "わかりました、見出しの位置を変えてみます。"],
    "headline-text": ["了解です、新しい見出しを試してみます。", "わかりました、見出しを書き換えてみます。"],
    "subject-place": ["了解です、人物を移動してみます。", "わかりました、被写体の位置を変えてみます。"],
    style: ["了解です、スタイルを変えてみますね。", "わかりました、新しいスタイルを試してみます。"],
  },
  leadSwap: (handle) => [`被写体を @${handle} に入れ替えますね。`, `@${handle} をこの画像に入れます。`, `了解です、@${handle} に差し替えます。`],
  leadPersonas: ["ペルソナを確認しますね。", "少々お待ちください、ペルソナを調べます。", "はい、ペルソナの一覧です。"],
  help: [
    "説明からサムネイルを作ります。テーマ、スタイル（リアル、カートゥーン、抽象、レトロ）、形式（YouTube、ショート、正方形）、かぎかっこで囲んだ見出し、@付きのペルソナを教えてください。あとから見出しを黄色にしたり、あなたを左に寄せたりもできます。",
    "作りたいサムネイルを説明してくれれば作ります。スタイル、YouTubeやショートなどの形式、かぎかっこの見出し、@でペルソナを指定できます。完成後は見出しの色や大きさ、人物の位置、スタイルも変えられます。",
  ],
  creditsKnown: (credits) => [`残りは${credits}です。`, `現在の残高は${credits}です。`, `今は${credits}あります。`],
  creditsUnknown: ["残高はページ上部のクレジットバッジに表示されています。", "上部のクレジットバッジで現在の残高を確認できます。"],
  greeting: ["こんにちは！今日は何を作りましょう？", "こんにちは！次のサムネイルのテーマを教えてください。", "どうも！どの動画のサムネイルを作りますか？"],
  thanks: ["どういたしまして！別のバージョンや調整もできますよ。", "気に入ってもらえてうれしいです。ほかに変えたいところは？", "いつでも次のサムネイルをどうぞ！"],
  refuse: ["それはここではできません。あなた自身のサムネイルの作成や編集ならできます。次は何を描きましょう？", "それは対応範囲外です。扱えるのはあなたの画像とペルソナだけです。どんなサムネイルにしますか？"],
  clarify: {
    "what-to-make": ["サムネイルには何を描きましょう？", "どんな動画ですか？サムネイル作りの参考にします。", "サムネイルのテーマは何にしますか？"],
    "which-edit": [
      "もちろんです。どこを変えましょう？例えば、見出しを大きくする、背景を青にする、人物を右に移動する、などができます。",
      "どこを変えましょうか？見出しを短くする、見出しの色を変える、トロフィーを描き足す、などができます。",
      "どう変えたいですか？文字を下に移動する、上品なフォントにする、全体を目立たせる、などができます。",
    ],
    "which-image": ["どの画像を変更しますか？まずサムネイルを作るか、画像を添付してください。", "まだ変更できる画像がありません。先に作りましょうか？何を描くか教えてください。"],
  },
  confirmTopic: (topic) => [`${topic}のサムネイルを作りましょうか？`, `${topic}を描いたサムネイルにしますか？`, `${topic}をサムネイルにしてもいいですか？`],
  toolMissing: ["今このチャットではそれができません。", "その機能は現在このチャットで使えません。"],
  ready: (count) => (count > 1 ? [`完成しました！サムネイル${count}枚の準備ができました。`, `${count}つのバージョンがすべて完成です。`, `どうぞ、新しいサムネイル${count}枚です。`] : ["完成しました！サムネイルの準備ができました。", "できました、すぐに使えます。", "完了です、画像ができあがりました。"]),
  pending: (count) => (count > 1 ? [`サムネイル${count}枚を作成中です。まもなくここに表示されます。`, `${count}つのバージョンを今作っています。`] : ["サムネイルを作成中です。まもなくここに表示されます。", "ただいま作成中です。すぐにここに表示されます。"]),
  failed: (count) => (count > 1 ? [`そのうち${count}枚は失敗したため、クレジットを返金しました。`] : ["1枚が失敗したため、そのクレジットを返金しました。"]),
  failedNotRefunded: (count) => (count > 1 ? [`そのうち${count}枚は失敗しました。`] : ["1枚が失敗しました。"]),
  cost: (spent, left) => [`今回は${spent}を使い、残りは${left}です。`, `消費は${spent}、残高は${left}です。`, `${spent}使用、残り${left}です。`],
  free: (left) => [`変わったのは見出しだけなので、今回は無料です。残りは${left}です。`, `見出しだけの変更なので、クレジットは使っていません。残高は${left}です。`],
  nextStep: ["見出しの色やスタイルを変えてみますか？", "どこか調整しましょうか？", "別のバリエーションも作りますか？"],
  personas: (list, count) => [`ペルソナは${count}人います：${list}。次の依頼で@を付けて指定してください。`, `あなたのペルソナはこちらです：${list}。@で指定するとサムネイルに登場します。`],
  noPersonas: ["まだペルソナがありません。ペルソナページで写真から作成して、@で指定してください。", "ペルソナはまだありません。ペルソナページで追加すれば、サムネイルに入れられます。"],
  problem: {
    credits: ["クレジットが足りません。", "この画像を作るにはクレジットが不足しています。"],
    persona: ["そのペルソナは見つかりませんでした。ペルソナ一覧を頼めば@を確認できます。", "その@はどのペルソナとも一致しません。一覧を表示しましょうか？"],
    "style-kit": ["まだスタイルキットがありません。「マイスタイル」で自分のサムネイルを最大12枚選んで作成してから、もう一度頼んでください。"],
    "style-kit-gone": ["選んだスタイルキットはもう存在しません。「マイスタイル」で別のキットを選ぶか、キットなしで頼んでください。"],
    image: ["その画像が見つかりませんでした。", "その画像はもう利用できません。"],
    refused: ["画像モデルがこのリクエストを拒否しました。", "モデルがこの画像の作成を断りました。"],
    model: ["そのモデルはこのリクエストに使えません。", "そのモデルは今これに対応していません。"],
    busy: ["少し急ぎすぎのようです。しばらくしてからもう一度お試しください。", "リクエストが集中しています。少し待ってから再度お試しください。"],
    unavailable: ["画像サービスは現在利用できません。", "現在こちら側で問題が発生しています。"],
    invalid: ["リクエストの内容に合わない部分がありました。", "その設定は使えませんでした。"],
    unknown: ["画像の作成中に問題が発生しました。", "すみません、うまくいきませんでした。"],
  },
  creditOutcome: { refunded: ["クレジットは返金されました。"], "not-spent": ["クレジットは消費されていません。"] },
  denied: ["わかりました、作成はしていないので今回は画像はありません。", "了解です、何かを作る前に止めました。"],
  chosenHeadline: (quoted) => [`見出しは${quoted}にしました。別の言葉にしたいときは「見出し：好きな言葉」と送ってください。`, `見出しは${quoted}です。変えたいときは「見出し：好きな言葉」と送ってください。`],
  quote: (text) => `「${text}」`,
  gap: "",
};

const phrasebooks: Record<Language, Phrasebook> = { en, es, fr, de, zh, ja };

/** The words for one reply in one language; the seed picks among the phrasings. */
export function renderReply(reply: Reply, language: Language, seed: number): string {
  const book = phrasebooks[language];
  switch (reply.kind) {
    case "lead-generate":
      return withHeadline(book, pick(book.leadGenerate(reply.count, reply.style ? book.styleName[reply.style] : undefined), seed), reply.headline, seed);
    case "lead-pack":
      return withHeadline(book, packLead(language, seed), reply.headline, seed);
    case "lead-vary":
      return varyLead(language, reply.count, seed);
    case "lead-edit":
      if (reply.art) return renderArtLead(reply.art, language, seed, book.quote);
      if (reply.focus === "frame") return frameLead(language, seed);
      return pick(reply.focus ? book.editFocus[reply.focus] : book.leadEdit, seed);
    case "lead-swap":
      return pick(book.leadSwap(reply.handle), seed);
    case "lead-personas":
      return pick(book.leadPersonas, seed);
    case "help":
      return pick(book.help, seed);
    case "credits":
      return reply.credits === undefined ? pick(book.creditsUnknown, seed) : pick(book.creditsKnown(book.credits(reply.credits)), seed);
    case "greeting":
      return pick(book.greeting, seed);
    case "thanks":
      return pick(book.thanks, seed);
    case "refuse":
      return pick(book.refuse, seed);
    case "clarify":
      return reply.reason === "confirm-topic" && reply.topic
        ? pick(book.confirmTopic(book.quote(reply.topic)), seed)
        : pick(book.clarify[reply.reason === "confirm-topic" ? "what-to-make" : reply.reason], seed);
    case "tool-missing":
      return pick(book.toolMissing, seed);
    case "images":
      return renderImages(book, reply.summary, seed, language, reply.pack === true && reply.summary.ready > 0 && reply.summary.pending + reply.summary.failed === 0 ? packReady(language, seed) : undefined);
    case "personas":
      return reply.personas.length === 0
        ? pick(book.noPersonas, seed)
        : pick(book.personas(reply.personas.map((persona) => `@${persona.handle} (${persona.name})`).join(", "), reply.personas.length), seed);
    case "tool-error":
      return [reply.problem === "relay" ? cannotRelay(language, seed) : pick(book.problem[reply.problem], seed), reply.credits === "none" ? undefined : pick(book.creditOutcome[reply.credits], seed, 1)]
        .filter(Boolean)
        .join(book.gap);
    case "no-change":
      return renderNoChange(language, seed);
    case "lead-pick":
      return pickLead(reply.ask, language, seed);
    case "picked":
      return pickResult({ outcome: reply.already ? "already-current" : "picked", place: reply.place }, language, seed);
    case "nothing-to-pick":
      return pickResult({ outcome: reply.move === "undo" ? "nothing-to-undo" : "nothing-to-redo" }, language, seed);
    case "lead-title":
      return titleLead(language, seed);
    case "titled":
      return titleResult(reply.result, language, seed);
    case "lead-check":
      return checkLead(language, seed);
    case "check":
      return checkResult(reply.check, language);
    case "lead-video":
      return videoLead(reply.lead, language, seed);
    case "video-frames":
      return videoTaken(reply.taken, language, seed);
    case "video-error":
      return videoProblem(reply.problem, language, seed);
    case "spoken":
      return spokenReply(reply.spoken, language, seed);
    case "lead-persona":
      return personaLead(reply.handle, language, seed);
    case "lead-compare":
      return compareLead(language, seed);
    case "compared":
      return compareStarted(reply.summary, language);
    case "persona-made":
      return personaMade(reply.made, language, seed);
    case "persona-error":
      return personaProblem(reply.problem, language, seed);
    case "denied":
      // A denied spend never ran: the ledger has nothing for it.
      return [pick(book.denied, seed), pick(book.creditOutcome["not-spent"], seed, 1)].join(book.gap);
  }
}

/** A lead-in that names the headline the assistant chose, so the creator knows how to change it. */
function withHeadline(book: Phrasebook, lead: string, headline: string | undefined, seed: number): string {
  return headline ? [lead, pick(book.chosenHeadline(book.quote(headline)), seed, 6)].join(book.gap) : lead;
}

/** `where` says where a finished pack goes next, in place of the usual offer to tweak. */
function renderImages(book: Phrasebook, summary: ImagesSummary, seed: number, language: Language, where?: string): string {
  const sentences: string[] = [];
  const changed = summary.ready > 0 && summary.changes ? describeChanges(summary.changes, language) : undefined;
  if (summary.ready > 0 && summary.variants === "from-prompt") sentences.push(madeFromPrompt(language, summary.ready, seed));
  else if (summary.ready > 0 && summary.variants === "scene") sentences.push(variantsReady(language, summary.ready, seed));
  if (changed) sentences.push(changed);
  else if (summary.ready > 0 && summary.variants === undefined) sentences.push(pick(book.ready(summary.ready), seed));
  if (summary.pending > 0) sentences.push(pick(book.pending(summary.pending), seed, 1));
  if (summary.failed > 0) sentences.push(pick((summary.refunded ?? 0) > 0 ? book.failed(summary.failed) : book.failedNotRefunded(summary.failed), seed, 2));
  if (summary.failed > 0 && summary.artProblem) sentences.push(renderArtProblem(summary.artProblem, language, seed));
  if (summary.failed > 0 && summary.unchanged) sentences.push(renderUnchanged(language, seed));
  if (summary.ready + summary.pending === 0 && summary.failed === 0) sentences.push(pick(book.problem.unknown, seed));
  sentences.push(pick(wasFree(summary) ? book.free(book.credits(summary.left)) : book.cost(book.credits(summary.spent), book.credits(summary.left)), seed, 3));
  if (where) sentences.push(where);
  else if (summary.ready + summary.pending > 0) sentences.push(pick(book.nextStep, seed, 4));
  return sentences.join(book.gap);
}

/** A finished or coming edit that changed the headline alone, with no charge in the ledger: said to be free. */
function wasFree(summary: ImagesSummary): boolean {
  return summary.spent === 0 && (summary.refunded ?? 0) === 0 && summary.failed === 0 && summary.ready + summary.pending > 0 && summary.variants === undefined && onlyHeadlineChanges(summary.changes);
}

export function sentenceGap(language: Language): string {
  return phrasebooks[language].gap;
}
