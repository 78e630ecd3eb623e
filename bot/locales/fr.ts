import type { Messages } from "./messages.ts";

export const fr: Messages = {
  commands: {
    help: "Ce que le bot Thumbforge sait faire",
    credits: "Combien de crédits Thumbforge il vous reste",
    link: "Liez votre e-mail Thumbforge : nous y envoyons un code à usage unique",
    linkEmail: "L'e-mail avec lequel vous avez rejoint la liste d'attente ou créé votre compte",
    verify: "Terminez la liaison avec le code reçu par e-mail",
    verifyCode: "Le code à 6 chiffres",
    thumbnail: "Créez une miniature avec vos crédits",
    thumbnailPrompt: "Ce que montre la miniature ; mettez le titre entre guillemets",
    thumbnailStyle: "Le rendu (par défaut : réaliste)",
    thumbnailAspect: "Le format (par défaut : 16:9)",
    thumbnailPersona: "Un de vos personas, par son @handle",
    thumbnailModel: "Le modèle d'image (par défaut : Thumbforge Studio)",
  },
  styles: { realistic: "Réaliste", cartoon: "Dessin animé", abstract: "Abstrait", vintage: "Vintage" },
  aspects: { "16:9": "16:9 — YouTube", "9:16": "9:16 — Shorts et Reels", "1:1": "1:1 — publications carrées" },
  help: [
    "**Thumbforge** crée des miniatures à partir d'une phrase. Voici ce que je sais faire :",
    "• `/link email:` — liez l'e-mail avec lequel vous avez rejoint la liste d'attente ; je vous y envoie un code à usage unique.",
    "• `/verify code:` — terminez la liaison avec ce code. Les 50 premiers comptes reçoivent le rôle Early Bird.",
    "• `/thumbnail prompt:` — créez une miniature (avec `style:`, `aspect:`, `persona:` et `model:` si vous voulez). Elle coûte des crédits et apparaît aussi dans votre galerie web.",
    "• `/credits` — combien de crédits il vous reste.",
  ].join("\n"),
  welcome: ({ mention, placesLeft, total }) =>
    [
      `Bienvenue, ${mention} ! 🎉`,
      "**Thumbforge** est un studio pour créateurs piloté par le chat : décrivez une miniature, il la crée — avec vos propres personas, dans plusieurs modèles d'IA.",
      "Inscrit sur la liste d'attente ? Liez votre e-mail ici : tapez `/link email:` avec cette adresse, puis `/verify code:` avec le code que nous vous envoyons.",
      placesLeft > 0
        ? `Early bird : il reste ${placesLeft} places sur ${total} — les ${total} premiers comptes reçoivent 100 crédits offerts et le rôle Early Bird.`
        : `Early bird : les ${total} places sont prises — merci d'être venu quand même !`,
    ].join("\n"),
  credits: ({ credits, earlyBird }) => `Vous avez **${credits}** crédits.${earlyBird ? " Vous êtes un early bird. 🐦" : ""}`,
  linkSent: ({ email, minutes }) => `J'ai envoyé un code à usage unique à **${email}**. Tapez \`/verify code:\` avec ce code dans les ${minutes} minutes.`,
  linked: ({ email, earlyBird, roleGiven, waitlisted }) =>
    [
      `C'est lié : ce compte Discord utilise maintenant **${email}**.`,
      waitlisted ? "Votre place sur la liste d'attente est liée aussi." : "",
      earlyBird ? (roleGiven ? "Vous faites partie des 50 premiers : voici votre rôle Early Bird. 🐦" : "Vous faites partie des 50 premiers early birds. 🐦") : "",
      "Essayez `/thumbnail prompt:` maintenant.",
    ]
      .filter((line) => line !== "")
      .join("\n"),
  working: ({ model, cost }) => `Création de votre miniature avec ${model} (${cost} crédits)…`,
  posted: ({ mention, prompt, creditsLeft }) => `${mention} voici votre miniature : « ${prompt} ». Elle est aussi dans votre galerie. Crédits restants : ${creditsLeft}.`,
  failed: ({ credits }) => `La miniature n'a pas pu être créée. Vos ${credits} crédits vous ont été rendus.`,
  notLinked: "Liez d'abord votre compte Thumbforge : tapez `/link email:` avec votre e-mail, puis `/verify code:`.",
  outOfCredits: ({ model, cost, credits }) => `${model} demande ${cost} crédits et vous en avez ${credits}. Rechargez sur le web ou choisissez un modèle moins cher.`,
  errors: {
    invalidInput: ({ fields }) => `Quelque chose ne va pas : ${fields}.`,
    invalidEmail: "Veuillez saisir une adresse e-mail valide.",
    invalidCode: "Saisissez le code à 6 chiffres reçu par e-mail.",
    wrongCode: "Ce code n'est pas valide ou a expiré. Tapez de nouveau `/link email:` pour en recevoir un autre.",
    noPendingLink: "Aucun code ne vous attend. Tapez d'abord `/link email:`.",
    alreadyLinked: "Ce compte Discord est déjà lié. Chaque membre ne se lie qu'une fois.",
    accountLinkedElsewhere: "Cet e-mail est déjà lié à un autre compte Discord.",
    rateLimited: ({ seconds }) => `Trop d'essais. Réessayez dans ${seconds} secondes.`,
    mailUnavailable: "Nous n'avons pas pu envoyer l'e-mail pour l'instant. Veuillez réessayer.",
    unknownPersona: ({ known }) => (known ? `Vous n'avez aucun persona avec ce handle. Les vôtres : ${known}.` : "Vous n'avez pas encore de persona : créez-en un sur le web."),
    modelUnavailable: ({ model }) => `${model} n'est pas disponible pour l'instant. Choisissez un autre modèle.`,
    databaseUnavailable: "Thumbforge est occupé un instant. Réessayez dans un moment.",
    unexpected: "Un problème est survenu. Veuillez réessayer.",
  },
};
