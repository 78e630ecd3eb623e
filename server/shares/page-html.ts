import type { Language } from "../../contract/languages.ts";
import type { ShareKind } from "../../contract/shares.ts";

/** The link preview's words, in the visitor's language: crawlers and unfurlers run no script, so the server writes them. */
const words: Record<Language, { title: Record<ShareKind, string>; description: Record<ShareKind, string>; gone: string }> = {
  en: {
    title: { image: "A thumbnail made with Thumbforge", pack: "Which thumbnail would you click? Vote A, B or C", comparison: "Which thumbnail would you click? Vote for one" },
    description: { image: "See it large and in a YouTube feed.", pack: "Three versions of one thumbnail: pick the one you would click. No account needed.", comparison: "The same idea drawn by different models: pick the one you would click. No account needed." },
    gone: "This link is no longer available",
  },
  es: {
    title: { image: "Una miniatura hecha con Thumbforge", pack: "¿En qué miniatura harías clic? Vota A, B o C", comparison: "¿En qué miniatura harías clic? Vota por una" },
    description: { image: "Mírala en grande y en un feed de YouTube.", pack: "Tres versiones de una miniatura: elige la que harías clic. Sin cuenta.", comparison: "La misma idea dibujada por distintos modelos: elige la que harías clic. Sin cuenta." },
    gone: "Este enlace ya no está disponible",
  },
  fr: {
    title: { image: "Une miniature créée avec Thumbforge", pack: "Sur quelle miniature cliqueriez-vous ? Votez A, B ou C", comparison: "Sur quelle miniature cliqueriez-vous ? Votez pour une" },
    description: { image: "Voyez-la en grand et dans un fil YouTube.", pack: "Trois versions d’une miniature : choisissez celle sur laquelle vous cliqueriez. Sans compte.", comparison: "La même idée dessinée par plusieurs modèles : choisissez celle sur laquelle vous cliqueriez. Sans compte." },
    gone: "Ce lien n’est plus disponible",
  },
  de: {
    title: { image: "Ein Thumbnail, gemacht mit Thumbforge", pack: "Welches Thumbnail würdest du anklicken? Stimme für A, B oder C", comparison: "Welches Thumbnail würdest du anklicken? Stimme für eines" },
    description: { image: "Groß und in einem YouTube-Feed ansehen.", pack: "Drei Versionen eines Thumbnails: Wähle das, das du anklicken würdest. Ohne Konto.", comparison: "Dieselbe Idee von verschiedenen Modellen gezeichnet: Wähle das, das du anklicken würdest. Ohne Konto." },
    gone: "Dieser Link ist nicht mehr verfügbar",
  },
  zh: {
    title: { image: "用 Thumbforge 制作的缩略图", pack: "你会点哪张缩略图？投票 A、B 或 C", comparison: "你会点哪张缩略图？投一票" },
    description: { image: "查看大图，以及它在 YouTube 信息流中的样子。", pack: "同一缩略图的三个版本：选出你会点击的那张。无需账号。", comparison: "不同模型画出的同一个创意：选出你会点击的那张。无需账号。" },
    gone: "此链接已失效",
  },
  ja: {
    title: { image: "Thumbforge で作ったサムネイル", pack: "どのサムネイルをクリックしますか？A・B・C に投票", comparison: "どのサムネイルをクリックしますか？1 つに投票" },
    description: { image: "大きく、YouTube のフィードでの見え方も確認できます。", pack: "1 つのサムネイルの 3 つのバージョン：クリックしたいものを選んでください。アカウント不要。", comparison: "同じアイデアを複数のモデルが描きました：クリックしたいものを選んでください。アカウント不要。" },
    gone: "このリンクは利用できなくなりました",
  },
};

const escape = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The shell's own title, description, Open Graph and Twitter tags: the share page writes its own in their place. */
const ownMeta = /<title>[^<]*<\/title>|<meta (?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>/g;

function withHead(shell: string, tags: string[]): string {
  return shell.replace(ownMeta, "").replace("</head>", () => `${tags.join("")}</head>`);
}

export interface ShareCard {
  kind: ShareKind;
  /** The first image's bytes under the share's path, and its size. */
  image: { path: string; width: number | null; height: number | null; title: string | null };
  /** The page's path (`/s/<token>`). */
  pagePath: string;
}

/** A URL as the tags need it: absolute from PUBLIC_URL only (never from Host), else the path as the shell does for /og.png. */
const urlOf = (path: string, publicUrl: string | undefined) => (publicUrl ? new URL(path, publicUrl).href : path);

/**
 * The SPA's shell for a working share: not indexed, with its Open Graph and Twitter card, so Discord, Slack and
 * messengers unfurl the link with its first image. The owner's title of the image is the card's description line when
 * there is one; no prompt, no e-mail.
 */
export function sharePageHtml(shell: string, language: Language, card: ShareCard, publicUrl: string | undefined): string {
  const w = words[language];
  const title = escape(w.title[card.kind]);
  const description = escape(card.image.title ? `“${card.image.title}” — ${w.description[card.kind]}` : w.description[card.kind]);
  const image = escape(urlOf(card.image.path, publicUrl));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="robots" content="noindex, nofollow">`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Thumbforge">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escape(urlOf(card.pagePath, publicUrl))}">`,
    `<meta property="og:image" content="${image}">`,
    ...(card.image.width && card.image.height
      ? [`<meta property="og:image:width" content="${card.image.width}">`, `<meta property="og:image:height" content="${card.image.height}">`]
      : []),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
  ];
  return withHead(shell, tags);
}

/** The shell for a link that does not work (revoked, expired, never made): not indexed, no card; the page says why. */
export function goneShareHtml(shell: string, language: Language): string {
  return withHead(shell, [`<title>${escape(words[language].gone)}</title>`, `<meta name="robots" content="noindex, nofollow">`]);
}
