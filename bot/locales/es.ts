import type { Messages } from "./messages.ts";

export const es: Messages = {
  commands: {
    help: "Lo que puede hacer el bot de Thumbforge",
    credits: "Cuántos créditos de Thumbforge tienes",
    link: "Vincula tu e-mail de Thumbforge: le enviamos un código de un solo uso",
    linkEmail: "El e-mail con el que te uniste a la lista de espera o te registraste",
    verify: "Termina la vinculación con el código del e-mail",
    verifyCode: "El código de 6 dígitos",
    thumbnail: "Crea una miniatura con tus créditos",
    thumbnailPrompt: "Lo que muestra la miniatura; pon el titular entre comillas",
    thumbnailStyle: "El aspecto (por defecto: realista)",
    thumbnailAspect: "El formato (por defecto: 16:9)",
    thumbnailPersona: "Una de tus personas, por su @handle",
    thumbnailModel: "El modelo de imagen (por defecto: Thumbforge Studio)",
  },
  styles: { realistic: "Realista", cartoon: "Dibujo animado", abstract: "Abstracto", vintage: "Vintage" },
  aspects: { "16:9": "16:9 — YouTube", "9:16": "9:16 — Shorts y Reels", "1:1": "1:1 — publicaciones cuadradas" },
  help: [
    "**Thumbforge** crea miniaturas a partir de una frase. Esto es lo que puedo hacer:",
    "• `/link email:` — vincula el e-mail con el que te uniste a la lista de espera; le envío un código de un solo uso.",
    "• `/verify code:` — termina la vinculación con ese código. Las primeras 50 cuentas reciben el rol Early Bird.",
    "• `/thumbnail prompt:` — crea una miniatura (con `style:`, `aspect:`, `persona:` y `model:` si quieres). Cuesta créditos y también aparece en tu galería web.",
    "• `/credits` — cuántos créditos tienes.",
  ].join("\n"),
  welcome: ({ mention, placesLeft, total }) =>
    [
      `¡Bienvenido, ${mention}! 🎉`,
      "**Thumbforge** es un estudio para creadores basado en el chat: describe una miniatura y la crea, con tus propias personas y en varios modelos de IA.",
      "¿Te uniste a la lista de espera? Vincula tu e-mail aquí: escribe `/link email:` con esa dirección y luego `/verify code:` con el código que te enviemos.",
      placesLeft > 0
        ? `Early bird: quedan ${placesLeft} de ${total} plazas — las primeras ${total} cuentas reciben 100 créditos gratis y el rol Early Bird.`
        : `Early bird: las ${total} plazas están ocupadas — ¡gracias por venir de todos modos!`,
    ].join("\n"),
  credits: ({ credits, earlyBird }) => `Tienes **${credits}** créditos.${earlyBird ? " Eres early bird. 🐦" : ""}`,
  linkSent: ({ email, minutes }) => `Envié un código de un solo uso a **${email}**. Escribe \`/verify code:\` con él en menos de ${minutes} minutos.`,
  linked: ({ email, earlyBird, roleGiven, waitlisted }) =>
    [
      `Vinculado: esta cuenta de Discord ahora usa **${email}**.`,
      waitlisted ? "Tu plaza en la lista de espera también quedó vinculada." : "",
      earlyBird ? (roleGiven ? "Eres de los primeros 50: aquí tienes tu rol Early Bird. 🐦" : "Eres uno de los primeros 50 early birds. 🐦") : "",
      "Prueba `/thumbnail prompt:` ahora.",
    ]
      .filter((line) => line !== "")
      .join("\n"),
  working: ({ model, cost }) => `Creando tu miniatura con ${model} (${cost} créditos)…`,
  posted: ({ mention, prompt, creditsLeft }) => `${mention} aquí tienes tu miniatura: «${prompt}». También está en tu galería. Créditos restantes: ${creditsLeft}.`,
  failed: ({ credits }) => `No se pudo crear la miniatura. Te devolvimos tus ${credits} créditos.`,
  notLinked: "Primero vincula tu cuenta de Thumbforge: escribe `/link email:` con tu e-mail y luego `/verify code:`.",
  outOfCredits: ({ model, cost, credits }) => `${model} necesita ${cost} créditos y tienes ${credits}. Recarga en la web o elige un modelo más barato.`,
  errors: {
    invalidInput: ({ fields }) => `Algo no está bien: ${fields}.`,
    invalidEmail: "Introduce una dirección de e-mail válida.",
    invalidCode: "Introduce el código de 6 dígitos del e-mail.",
    wrongCode: "Ese código no es válido o ha caducado. Escribe `/link email:` de nuevo para recibir otro.",
    noPendingLink: "No hay ningún código esperándote. Escribe primero `/link email:`.",
    alreadyLinked: "Esta cuenta de Discord ya está vinculada. Cada miembro se vincula una sola vez.",
    accountLinkedElsewhere: "Ese e-mail ya está vinculado a otra cuenta de Discord.",
    rateLimited: ({ seconds }) => `Demasiados intentos. Vuelve a intentarlo en ${seconds} segundos.`,
    mailUnavailable: "No pudimos enviar el e-mail ahora mismo. Inténtalo de nuevo.",
    unknownPersona: ({ known }) => (known ? `No tienes ninguna persona con ese handle. Las tuyas: ${known}.` : "Aún no tienes personas: crea una en la web."),
    modelUnavailable: ({ model }) => `${model} no está disponible ahora. Elige otro modelo.`,
    databaseUnavailable: "Thumbforge está ocupado un momento. Inténtalo de nuevo en breve.",
    unexpected: "Algo salió mal. Inténtalo de nuevo.",
  },
};
