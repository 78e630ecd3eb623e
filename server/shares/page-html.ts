import type { Language } from "../../contract/languages.ts";
import type { ShareKind } from "../../contract/shares.ts";

/**
 * The link preview's words, in the visitor's language: crawlers and unfurlers run no script, so the server writes them.
 * A pack names its letters (`choices`, as the page labels them) and counts its versions (two or three ready).
 */
interface Words {
  image: { title: string; description: string };
  pack: { title: (choices: string) => string; description: (count: number) => string };
  comparison: { title: string; description: string };
  gone: string;
  plain: string;
}

const words: Record<Language, Words> = {
  en: {
    image: { title: "A thumbnail made with Thumbforge", description: "See it large and in a YouTube feed." },
    pack: {
      title: (choices) => `Which thumbnail would you click? Vote ${choices}`,
      description: (count) => `${count === 2 ? "Two" : "Three"} versions of one thumbnail: pick the one you would click. No account needed.`,
    },
    comparison: { title: "Which thumbnail would you click? Vote for one", description: "The same idea drawn by different models: pick the one you would click. No account needed." },
    gone: "This link is no longer available",
    plain: "Shared thumbnail",
  },
  es: {
    image: { title: "Una miniatura hecha con Thumbforge", description: "Mírala en grande y en un feed de YouTube." },
    pack: {
      title: (choices) => `¿En qué miniatura harías clic? Vota ${choices}`,
      description: (count) => `${count === 2 ? "Dos" : "Tres"} versiones de una miniatura: elige la que harías clic. Sin cuenta.`,
    },
    comparison: { title: "¿En qué miniatura harías clic? Vota por una", description: "La misma idea dibujada por distintos modelos: elige la que harías clic. Sin cuenta." },
    gone: "Este enlace ya no está disponible",
    plain: "Miniatura compartida",
  },
  fr: {
    image: { title: "Une miniature créée avec Thumbforge", description: "Voyez-la en grand et dans un fil YouTube." },
    pack: {
      title: (choices) => `Sur quelle miniature cliqueriez-vous ? Votez ${choices}`,
      description: (count) => `${count === 2 ? "Deux" : "Trois"} versions d’une miniature : choisissez celle sur laquelle vous cliqueriez. Sans compte.`,
    },
    comparison: { title: "Sur quelle miniature cliqueriez-vous ? Votez pour une", description: "La même idée dessinée par plusieurs modèles : choisissez celle sur laquelle vous cliqueriez. Sans compte." },
    gone: "Ce lien n’est plus disponible",
    plain: "Miniature partagée",
  },
  de: {
    image: { title: "Ein Thumbnail, gemacht mit Thumbforge", description: "Groß und in einem YouTube-Feed ansehen." },
    pack: {
      title: (choices) => `Welches Thumbnail würdest du anklicken? Stimme für ${choices}`,
      description: (count) => `${count === 2 ? "Zwei" : "Drei"} Versionen eines Thumbnails: Wähle das, das du anklicken würdest. Ohne Konto.`,
    },
    comparison: { title: "Welches Thumbnail würdest du anklicken? Stimme für eines", description: "Dieselbe Idee von verschiedenen Modellen gezeichnet: Wähle das, das du anklicken würdest. Ohne Konto." },
    gone: "Dieser Link ist nicht mehr verfügbar",
    plain: "Geteiltes Thumbnail",
  },
  zh: {
    image: { title: "用 Thumbforge 制作的缩略图", description: "查看大图，以及它在 YouTube 信息流中的样子。" },
    pack: {
      title: (choices) => `你会点哪张缩略图？投票 ${choices}`,
      description: (count) => `同一缩略图的${count === 2 ? "两" : "三"}个版本：选出你会点击的那张。无需账号。`,
    },
    comparison: { title: "你会点哪张缩略图？投一票", description: "不同模型画出的同一个创意：选出你会点击的那张。无需账号。" },
    gone: "此链接已失效",
    plain: "分享的缩略图",
  },
  ja: {
    image: { title: "Thumbforge で作ったサムネイル", description: "大きく、YouTube のフィードでの見え方も確認できます。" },
    pack: {
      title: (choices) => `どのサムネイルをクリックしますか？${choices} に投票`,
      description: (count) => `1 つのサムネイルの ${count} つのバージョン：クリックしたいものを選んでください。アカウント不要。`,
    },
    comparison: { title: "どのサムネイルをクリックしますか？1 つに投票", description: "同じアイデアを複数のモデルが描きました：クリックしたいものを選んでください。アカウント不要。" },
    gone: "このリンクは利用できなくなりました",
    plain: "共有されたサムネイル",
  },
};

/** "A, B or C" in the visitor's language (British English: no serial comma, as the rest of the app writes). */
const orList = (language: Language, items: readonly string[]) => new Intl.ListFormat(language === "en" ? "en-GB" : language, { type: "disjunction" }).format(items);

/** The card's title and description: a page with fewer than two choices takes no votes, so it reads as one image. */
function wordsFor(language: Language, card: Pick<ShareCard, "kind" | "labels">): { title: string; description: string } {
  const w = words[language];
  if (card.kind === "image" || card.labels.length < 2) return w.image;
  if (card.kind === "comparison") return w.comparison;
  return { title: w.pack.title(orList(language, card.labels)), description: w.pack.description(card.labels.length) };
}

const escape = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The shell's own title, description, Open Graph and Twitter tags: the share page writes its own in their place. */
const ownMeta = /<title>[^<]*<\/title>|<meta (?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[^>]*>/g;

function withHead(shell: string, tags: string[]): string {
  return shell.replace(ownMeta, "").replace("</head>", () => `${tags.join("")}</head>`);
}

export interface ShareCard {
  kind: ShareKind;
  /** The letters of the page's choices (A, B, C; none for one image). */
  labels: string[];
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
  const w = wordsFor(language, card);
  const title = escape(w.title);
  const description = escape(card.image.title ? `“${card.image.title}” — ${w.description}` : w.description);
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

/** The shell for a page whose card could not be read (the database away): not indexed, no card; the page retries. */
export function plainShareHtml(shell: string, language: Language): string {
  return withHead(shell, [`<title>${escape(words[language].plain)}</title>`, `<meta name="robots" content="noindex, nofollow">`]);
}
