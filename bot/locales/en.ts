import type { Messages } from "./messages.ts";

export const en: Messages = {
  commands: {
    help: "What the Thumbforge bot can do",
    credits: "How many Thumbforge credits you have",
    link: "Link your Thumbforge e-mail: we send it a one-time code",
    linkEmail: "The e-mail you joined the waitlist or signed up with",
    verify: "Finish linking with the code from the e-mail",
    verifyCode: "The 6-digit code",
    thumbnail: "Make a thumbnail with your credits",
    thumbnailPrompt: "What the thumbnail shows; put the headline in quotes",
    thumbnailStyle: "The look (default: realistic)",
    thumbnailAspect: "The shape (default: 16:9)",
    thumbnailPersona: "One of your personas, by its @handle",
    thumbnailModel: "The image model (default: Thumbforge Studio)",
  },
  styles: { realistic: "Realistic", cartoon: "Cartoon", abstract: "Abstract", vintage: "Vintage" },
  aspects: { "16:9": "16:9 — YouTube", "9:16": "9:16 — Shorts and Reels", "1:1": "1:1 — square posts" },
  help: [
    "**Thumbforge** makes thumbnails from a sentence. Here is what I can do:",
    "• `/link email:` — link the e-mail you joined the waitlist with; I send it a one-time code.",
    "• `/verify code:` — finish linking with that code. The first 50 accounts get the Early Bird role.",
    "• `/thumbnail prompt:` — make a thumbnail (with `style:`, `aspect:`, `persona:` and `model:` if you like). It costs credits and shows in your web gallery too.",
    "• `/credits` — how many credits you have.",
  ].join("\n"),
  welcome: ({ mention, placesLeft, total }) =>
    [
      `Welcome, ${mention}! 🎉`,
      "**Thumbforge** is a chat-first studio for creators: describe a thumbnail, and it makes it — with your own personas, in several AI models.",
      "Joined the waitlist? Link your e-mail here: type `/link email:` with that address, then `/verify code:` with the code we send you.",
      placesLeft > 0
        ? `Early bird: ${placesLeft} of ${total} places left — the first ${total} accounts get 100 free credits and the Early Bird role.`
        : `Early bird: all ${total} places are taken — thank you for coming anyway!`,
    ].join("\n"),
  credits: ({ credits, earlyBird }) => `You have **${credits}** credits.${earlyBird ? " You are an early bird. 🐦" : ""}`,
  linkSent: ({ email, minutes }) => `I sent a one-time code to **${email}**. Type \`/verify code:\` with it within ${minutes} minutes.`,
  linked: ({ email, earlyBird, roleGiven, waitlisted }) =>
    [
      `Linked: this Discord account now uses **${email}**.`,
      waitlisted ? "Your waitlist place is linked too." : "",
      earlyBird ? (roleGiven ? "You are one of the first 50: here is your Early Bird role. 🐦" : "You are one of the first 50 early birds. 🐦") : "",
      "Try `/thumbnail prompt:` now.",
    ]
      .filter((line) => line !== "")
      .join("\n"),
  working: ({ model, cost }) => `Making your thumbnail with ${model} (${cost} credits)…`,
  posted: ({ mention, prompt, creditsLeft }) => `${mention} here is your thumbnail: “${prompt}”. It is in your gallery too. Credits left: ${creditsLeft}.`,
  failed: ({ credits }) => `The thumbnail could not be made. Your ${credits} credits were given back.`,
  notLinked: "Link your Thumbforge account first: type `/link email:` with your e-mail, then `/verify code:`.",
  outOfCredits: ({ model, cost, credits }) => `${model} needs ${cost} credits and you have ${credits}. Top up on the web, or pick a cheaper model.`,
  errors: {
    invalidInput: ({ fields }) => `That does not look right: ${fields}.`,
    invalidEmail: "Please enter a valid email address.",
    invalidCode: "Enter the 6-digit code from the e-mail.",
    wrongCode: "That code is not valid or has expired. Type `/link email:` again for a new one.",
    noPendingLink: "There is no code waiting for you. Type `/link email:` first.",
    alreadyLinked: "This Discord account is already linked. A member links once.",
    accountLinkedElsewhere: "That e-mail is already linked to another Discord account.",
    rateLimited: ({ seconds }) => `Too many tries. Try again in ${seconds} seconds.`,
    mailUnavailable: "We could not send the e-mail just now. Please try again.",
    unknownPersona: ({ known }) => (known ? `You have no persona with that handle. Yours: ${known}.` : "You have no personas yet: make one on the web."),
    modelUnavailable: ({ model }) => `${model} is not available right now. Pick another model.`,
    databaseUnavailable: "Thumbforge is busy for a moment. Please try again shortly.",
    unexpected: "Something went wrong. Please try again.",
  },
};
