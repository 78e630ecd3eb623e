import type { Messages } from "./messages.ts";

export const de: Messages = {
  commands: {
    help: "Was der Thumbforge-Bot kann",
    credits: "Wie viele Thumbforge-Credits du hast",
    link: "Verknüpfe deine Thumbforge-E-Mail: Wir senden ihr einen Einmalcode",
    linkEmail: "Die E-Mail, mit der du der Warteliste beigetreten bist oder dich registriert hast",
    verify: "Schließe die Verknüpfung mit dem Code aus der E-Mail ab",
    verifyCode: "Der 6-stellige Code",
    thumbnail: "Erstelle ein Thumbnail mit deinen Credits",
    thumbnailPrompt: "Was das Thumbnail zeigt; setze die Überschrift in Anführungszeichen",
    thumbnailStyle: "Der Look (Standard: realistisch)",
    thumbnailAspect: "Das Format (Standard: 16:9)",
    thumbnailPersona: "Eine deiner Personas, über ihr @Handle",
    thumbnailModel: "Das Bildmodell (Standard: Thumbforge Studio)",
  },
  styles: { realistic: "Realistisch", cartoon: "Cartoon", abstract: "Abstrakt", vintage: "Vintage" },
  aspects: { "16:9": "16:9 — YouTube", "9:16": "9:16 — Shorts und Reels", "1:1": "1:1 — quadratische Posts" },
  help: [
    "**Thumbforge** macht Thumbnails aus einem Satz. Das kann ich:",
    "• `/link email:` — verknüpfe die E-Mail, mit der du der Warteliste beigetreten bist; ich sende ihr einen Einmalcode.",
    "• `/verify code:` — schließe die Verknüpfung mit diesem Code ab. Die ersten 50 Konten bekommen die Rolle Early Bird.",
    "• `/thumbnail prompt:` — erstelle ein Thumbnail (auf Wunsch mit `style:`, `aspect:`, `persona:` und `model:`). Es kostet Credits und erscheint auch in deiner Web-Galerie.",
    "• `/credits` — wie viele Credits du hast.",
  ].join("\n"),
  welcome: ({ mention, placesLeft, total }) =>
    [
      `Willkommen, ${mention}! 🎉`,
      "**Thumbforge** ist ein Chat-Studio für Creator: Beschreib ein Thumbnail, und es entsteht — mit deinen eigenen Personas, in mehreren KI-Modellen.",
      "Auf der Warteliste? Verknüpfe hier deine E-Mail: Tippe `/link email:` mit dieser Adresse, dann `/verify code:` mit dem Code, den wir dir senden.",
      placesLeft > 0
        ? `Early Bird: noch ${placesLeft} von ${total} Plätzen frei — die ersten ${total} Konten bekommen 100 Gratis-Credits und die Rolle Early Bird.`
        : `Early Bird: alle ${total} Plätze sind vergeben — danke, dass du trotzdem da bist!`,
    ].join("\n"),
  credits: ({ credits, earlyBird }) => `Du hast **${credits}** Credits.${earlyBird ? " Du bist ein Early Bird. 🐦" : ""}`,
  linkSent: ({ email, minutes }) => `Ich habe einen Einmalcode an **${email}** gesendet. Tippe innerhalb von ${minutes} Minuten \`/verify code:\` mit diesem Code.`,
  linked: ({ email, earlyBird, roleGiven, waitlisted }) =>
    [
      `Verknüpft: Dieses Discord-Konto nutzt jetzt **${email}**.`,
      waitlisted ? "Dein Platz auf der Warteliste ist ebenfalls verknüpft." : "",
      earlyBird ? (roleGiven ? "Du gehörst zu den ersten 50: Hier ist deine Rolle Early Bird. 🐦" : "Du gehörst zu den ersten 50 Early Birds. 🐦") : "",
      "Probier jetzt `/thumbnail prompt:` aus.",
    ]
      .filter((line) => line !== "")
      .join("\n"),
  working: ({ model, cost }) => `Dein Thumbnail entsteht mit ${model} (${cost} Credits)…`,
  posted: ({ mention, prompt, creditsLeft }) => `${mention} hier ist dein Thumbnail: „${prompt}“. Es liegt auch in deiner Galerie. Verbleibende Credits: ${creditsLeft}.`,
  failed: ({ credits }) => `Das Thumbnail konnte nicht erstellt werden. Deine ${credits} Credits wurden zurückgebucht.`,
  notLinked: "Verknüpfe zuerst dein Thumbforge-Konto: Tippe `/link email:` mit deiner E-Mail, dann `/verify code:`.",
  outOfCredits: ({ model, cost, credits }) => `${model} braucht ${cost} Credits, du hast ${credits}. Lade im Web auf oder wähle ein günstigeres Modell.`,
  errors: {
    invalidInput: ({ fields }) => `Das sieht nicht richtig aus: ${fields}.`,
    invalidEmail: "Bitte gib eine gültige E-Mail-Adresse ein.",
    invalidCode: "Gib den 6-stelligen Code aus der E-Mail ein.",
    wrongCode: "Dieser Code ist ungültig oder abgelaufen. Tippe erneut `/link email:` für einen neuen.",
    noPendingLink: "Für dich wartet kein Code. Tippe zuerst `/link email:`.",
    alreadyLinked: "Dieses Discord-Konto ist bereits verknüpft. Jedes Mitglied verknüpft sich nur einmal.",
    accountLinkedElsewhere: "Diese E-Mail ist bereits mit einem anderen Discord-Konto verknüpft.",
    rateLimited: ({ seconds }) => `Zu viele Versuche. Versuch es in ${seconds} Sekunden erneut.`,
    mailUnavailable: "Wir konnten die E-Mail gerade nicht senden. Bitte versuch es erneut.",
    unknownPersona: ({ known }) => (known ? `Du hast keine Persona mit diesem Handle. Deine: ${known}.` : "Du hast noch keine Personas: Erstelle eine im Web."),
    modelUnavailable: ({ model }) => `${model} ist gerade nicht verfügbar. Wähle ein anderes Modell.`,
    databaseUnavailable: "Thumbforge ist kurz ausgelastet. Bitte versuch es gleich noch einmal.",
    unexpected: "Etwas ist schiefgelaufen. Bitte versuch es erneut.",
  },
};
