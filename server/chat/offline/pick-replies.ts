import type { PickMove } from "../../../contract/chat.ts";
import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

/** What a pick was asked to do: a move along the versions, or an image the user named. */
export type PickAsk = PickMove | "image";

/** A picked image's place among its versions, when the tool could tell it. */
export interface VersionPlace {
  number: number;
  of: number;
}

interface PickPhrases {
  lead: Record<PickAsk, readonly string[]>;
  /** An earlier or later version is current again, free. */
  picked(place: VersionPlace | undefined): readonly string[];
  /** The image asked for is already the current one. */
  already(place: VersionPlace | undefined): readonly string[];
  nothingToUndo: readonly string[];
  nothingToRedo: readonly string[];
}

const phrases: Record<Language, PickPhrases> = {
  en: {
    lead: {
      undo: ["Sure, going back one version.", "Got it, stepping back to the previous version."],
      redo: ["Sure, bringing that edit back.", "Got it, stepping forward again."],
      first: ["Sure, back to the original.", "Got it, going back to the first version."],
      latest: ["Sure, jumping to the latest version.", "Got it, back to the newest version."],
      image: ["Sure, switching to that one.", "Got it, picking that image."],
    },
    picked: (v) =>
      v
        ? [`Back to version ${v.number} of ${v.of}, free: your next edit starts from here.`, `Version ${v.number} of ${v.of} is current again, at no cost. Your next edit starts from it.`]
        : ["Done, that image is current again, free: your next edit starts from here."],
    already: (v) =>
      v
        ? [`You're already on version ${v.number} of ${v.of}, so nothing changed. Tell me what to change next.`]
        : ["That's already the image you're on, so nothing changed. Tell me what to change next."],
    nothingToUndo: [
      "There's nothing to undo: this is the first version. I can change something on it or make a new take.",
      "This is already the original, so there's nothing to go back to. Want a tweak or a fresh version instead?",
    ],
    nothingToRedo: [
      "There's nothing to redo: this is the newest version. Tell me what to change and I'll make the next one.",
      "You're on the latest version already, so there's nothing to redo. Want a tweak?",
    ],
  },
  es: {
    lead: {
      undo: ["Claro, vuelvo una versión atrás.", "Entendido, regreso a la versión anterior."],
      redo: ["Claro, recupero ese cambio.", "Entendido, avanzo otra vez."],
      first: ["Claro, vuelvo al original.", "Entendido, regreso a la primera versión."],
      latest: ["Claro, voy a la última versión.", "Entendido, vuelvo a la versión más reciente."],
      image: ["Claro, cambio a esa.", "Entendido, elijo esa imagen."],
    },
    picked: (v) =>
      v
        ? [`De vuelta a la versión ${v.number} de ${v.of}, gratis: tu próximo cambio parte de aquí.`, `La versión ${v.number} de ${v.of} vuelve a ser la actual, sin coste. Tu próximo cambio parte de ella.`]
        : ["Listo, esa imagen vuelve a ser la actual, gratis: tu próximo cambio parte de aquí."],
    already: (v) =>
      v
        ? [`Ya estás en la versión ${v.number} de ${v.of}, así que no cambió nada. Dime qué cambiamos ahora.`]
        : ["Ya estás en esa imagen, así que no cambió nada. Dime qué cambiamos ahora."],
    nothingToUndo: [
      "No hay nada que deshacer: esta es la primera versión. Puedo cambiarle algo o hacer una nueva propuesta.",
      "Esta ya es la original, así que no hay a dónde volver. ¿Quieres un ajuste o una versión nueva?",
    ],
    nothingToRedo: [
      "No hay nada que rehacer: esta es la versión más reciente. Dime qué cambiar y hago la siguiente.",
      "Ya estás en la última versión, así que no hay nada que rehacer. ¿Quieres un ajuste?",
    ],
  },
  fr: {
    lead: {
      undo: ["Bien sûr, je reviens une version en arrière.", "C'est noté, je reviens à la version précédente."],
      redo: ["Bien sûr, je remets cette modification.", "C'est noté, j'avance de nouveau."],
      first: ["Bien sûr, retour à l'original.", "C'est noté, je reviens à la première version."],
      latest: ["Bien sûr, je passe à la dernière version.", "C'est noté, retour à la version la plus récente."],
      image: ["Bien sûr, je passe à celle-là.", "C'est noté, je choisis cette image."],
    },
    picked: (v) =>
      v
        ? [`Retour à la version ${v.number} sur ${v.of}, gratuitement : votre prochaine modification part d'ici.`, `La version ${v.number} sur ${v.of} est de nouveau l'actuelle, sans frais. Votre prochaine modification part d'elle.`]
        : ["C'est fait, cette image est de nouveau l'actuelle, gratuitement : votre prochaine modification part d'ici."],
    already: (v) =>
      v
        ? [`Vous êtes déjà sur la version ${v.number} sur ${v.of}, donc rien n'a changé. Dites-moi quoi modifier ensuite.`]
        : ["C'est déjà l'image sur laquelle vous êtes, donc rien n'a changé. Dites-moi quoi modifier ensuite."],
    nothingToUndo: [
      "Il n'y a rien à annuler : c'est la première version. Je peux y changer quelque chose ou faire une nouvelle proposition.",
      "C'est déjà l'original, il n'y a donc rien avant. Vous voulez une retouche ou une nouvelle version ?",
    ],
    nothingToRedo: [
      "Il n'y a rien à rétablir : c'est la version la plus récente. Dites-moi quoi changer et je fais la suivante.",
      "Vous êtes déjà sur la dernière version, il n'y a donc rien à rétablir. Une retouche ?",
    ],
  },
  de: {
    lead: {
      undo: ["Klar, ich gehe eine Version zurück.", "Alles klar, zurück zur vorherigen Version."],
      redo: ["Klar, ich hole die Änderung zurück.", "Alles klar, wieder einen Schritt vor."],
      first: ["Klar, zurück zum Original.", "Alles klar, zurück zur ersten Version."],
      latest: ["Klar, ich springe zur neuesten Version.", "Alles klar, zurück zur aktuellsten Version."],
      image: ["Klar, ich nehme dieses.", "Alles klar, ich wähle dieses Bild."],
    },
    picked: (v) =>
      v
        ? [`Zurück bei Version ${v.number} von ${v.of}, kostenlos: Deine nächste Änderung setzt hier an.`, `Version ${v.number} von ${v.of} ist wieder die aktuelle, ohne Kosten. Deine nächste Änderung setzt dort an.`]
        : ["Erledigt, dieses Bild ist wieder das aktuelle, kostenlos: Deine nächste Änderung setzt hier an."],
    already: (v) =>
      v
        ? [`Du bist schon bei Version ${v.number} von ${v.of}, also hat sich nichts geändert. Sag mir, was ich als Nächstes ändern soll.`]
        : ["Das ist schon dein aktuelles Bild, also hat sich nichts geändert. Sag mir, was ich als Nächstes ändern soll."],
    nothingToUndo: [
      "Da gibt es nichts rückgängig zu machen: Das ist die erste Version. Ich kann etwas daran ändern oder einen neuen Entwurf machen.",
      "Das ist schon das Original, weiter zurück geht es nicht. Lieber eine Anpassung oder eine neue Version?",
    ],
    nothingToRedo: [
      "Da gibt es nichts wiederherzustellen: Das ist die neueste Version. Sag mir, was ich ändern soll, dann mache ich die nächste.",
      "Du bist schon bei der neuesten Version, da gibt es nichts wiederherzustellen. Eine Anpassung?",
    ],
  },
  zh: {
    lead: {
      undo: ["好的，退回上一个版本。", "明白，回到之前的版本。"],
      redo: ["好的，把那次修改找回来。", "明白，再往前进一步。"],
      first: ["好的，回到原图。", "明白，回到第一个版本。"],
      latest: ["好的，跳到最新版本。", "明白，回到最新的版本。"],
      image: ["好的，换成那一张。", "明白，选用那张图。"],
    },
    picked: (v) =>
      v
        ? [`已回到第 ${v.number} 版（共 ${v.of} 版），免费：下一次修改将从这里开始。`, `第 ${v.number} 版（共 ${v.of} 版）重新成为当前版本，不花积分。下一次修改从它开始。`]
        : ["好了，那张图重新成为当前图片，免费：下一次修改将从这里开始。"],
    already: (v) =>
      v ? [`你已经在第 ${v.number} 版（共 ${v.of} 版）了，所以没有变化。告诉我接下来改什么。`] : ["这已经是当前的图片了，所以没有变化。告诉我接下来改什么。"],
    nothingToUndo: ["没有可以撤销的：这是第一个版本。我可以改点什么，或者重新做一版。", "这已经是原图了，没有更早的版本。要微调一下，还是做个新版本？"],
    nothingToRedo: ["没有可以重做的：这是最新版本。告诉我改什么，我来做下一版。", "你已经在最新版本了，没有可以重做的。要微调一下吗？"],
  },
  ja: {
    lead: {
      undo: ["了解です。ひとつ前のバージョンに戻します。", "わかりました。前のバージョンに戻ります。"],
      redo: ["了解です。さっきの変更を元に戻します。", "わかりました。ひとつ先に進めます。"],
      first: ["了解です。最初のバージョンに戻します。", "わかりました。オリジナルに戻ります。"],
      latest: ["了解です。最新のバージョンに移ります。", "わかりました。いちばん新しいバージョンに戻ります。"],
      image: ["了解です。その画像に切り替えます。", "わかりました。その画像を選びます。"],
    },
    picked: (v) =>
      v
        ? [`バージョン ${v.number}/${v.of} に戻しました（無料）。次の編集はここから始まります。`, `バージョン ${v.number}/${v.of} が現在の画像になりました。クレジットは使っていません。次の編集はここからです。`]
        : ["その画像が現在の画像になりました（無料）。次の編集はここから始まります。"],
    already: (v) =>
      v
        ? [`すでにバージョン ${v.number}/${v.of} を表示しているので、何も変わっていません。次に何を変えるか教えてください。`]
        : ["すでにその画像を表示しているので、何も変わっていません。次に何を変えるか教えてください。"],
    nothingToUndo: ["元に戻せるものはありません。これが最初のバージョンです。どこかを変えるか、新しい案を作れます。", "これがオリジナルなので、これより前はありません。調整しますか、それとも新しいバージョンを作りますか？"],
    nothingToRedo: ["やり直せるものはありません。これが最新のバージョンです。変えたいところを教えてくれれば次を作ります。", "すでに最新のバージョンなので、やり直すものはありません。調整しますか？"],
  },
};

/** The lead-in before a pick runs. */
export function pickLead(ask: PickAsk, language: Language, seed: number): string {
  return pick(phrases[language].lead[ask], seed);
}

/** What a pick did: which version is current now, or why nothing moved. */
export function pickResult(
  result: { outcome: "picked" | "already-current"; place: VersionPlace | undefined } | { outcome: "nothing-to-undo" | "nothing-to-redo" },
  language: Language,
  seed: number,
): string {
  const book = phrases[language];
  switch (result.outcome) {
    case "picked":
      return pick(book.picked(result.place), seed);
    case "already-current":
      return pick(book.already(result.place), seed);
    case "nothing-to-undo":
      return pick(book.nothingToUndo, seed);
    case "nothing-to-redo":
      return pick(book.nothingToRedo, seed);
  }
}
