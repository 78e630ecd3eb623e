import { type FeedCheck, type Finding, type FindingId, type FeedSizeId, feedSizes } from "../../../contract/feed-check.ts";
import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

type FixId = NonNullable<Finding["fix"]>["id"];

interface CheckPhrases {
  lead: readonly string[];
  /** Every size reads, in both looks. */
  readsEverywhere: string;
  reads(sizes: string): string;
  fails(sizes: string): string;
  /** How the words were read: OCR read back these words, or the scene's measured text. */
  readBack(words: string): string;
  scene: string;
  /** Method "none": nothing was read or measured, so no size is said to read or fail. */
  notChecked: string;
  /** What a finding about the whole image names instead of an empty list of sizes. */
  everySize: string;
  finding: Record<FindingId, (sizes: string, details: Finding["details"]) => string>;
  fix: Record<FixId, (details: Finding["details"]) => string>;
  fixes(list: string): string;
  /** The fixes alone, where "fix it" is not how they are applied (the Discord bot's /edit is). */
  fixList(list: string): string;
  noFindings: string;
  free: string;
  quote(text: string): string;
  list: string;
  gap: string;
}

const detail = (details: Finding["details"], key: string): string => String(details[key] ?? "");

const phrases: Record<Language, CheckPhrases> = {
  en: {
    lead: ["Sure, running the feed check on it.", "Got it, checking how it reads in the feed."],
    readsEverywhere: "It reads at every feed size, on dark and light.",
    reads: (sizes) => `It reads at ${sizes}.`,
    fails: (sizes) => `It does not read at ${sizes}.`,
    readBack: (words) => `Read back: ${words}.`,
    scene: "Measured from the scene.",
    notChecked: "The words were not checked: there is no headline to read, so nothing is said to read.",
    everySize: "every size",
    finding: {
      "small-headline": (sizes) => `Headline too small at ${sizes}.`,
      misread: (sizes, d) => `At ${sizes} the words read as ${d.misread ? `“${detail(d, "misread")}”` : "something else"}.`,
      "low-contrast": (sizes) => `Headline contrast too low at ${sizes}.`,
      "under-badge": (_sizes, d) => (d.what === "subject" ? "The subject's face sits under the duration badge." : "Text sits under the duration badge."),
      "small-subject": (sizes) => `Subject too small at ${sizes}.`,
      "near-identical": () => "It looks nearly the same as another of your thumbnails.",
      unreadable: (sizes) => `Nothing readable at ${sizes}.`,
      "repeats-title": () => "The headline repeats the video title.",
    },
    fix: {
      "bigger-headline": () => "Bigger headline",
      "stronger-outline": () => "Stronger outline",
      "move-text": () => "Move text away from the timestamp",
      "darker-backdrop": () => "Darker backdrop",
      "bigger-subject": () => "Bigger subject",
      "new-hook": (d) => `Use this hook: “${detail(d, "hook")}”`,
      "text-layer": () => "Headline as a clean text layer",
    },
    fixes: (list) => `Fixes: ${list}. Say “fix it” and I apply the first one: free when only the headline changes, otherwise charged like any edit.`,
    fixList: (list) => `Fixes: ${list}.`,
    noFindings: "Nothing to fix.",
    free: "The check itself is free.",
    quote: (text) => `“${text}”`,
    list: "; ",
    gap: " ",
  },
  es: {
    lead: ["Claro, paso la revisión del feed.", "Entendido, reviso cómo se lee en el feed."],
    readsEverywhere: "Se lee en todos los tamaños del feed, en oscuro y en claro.",
    reads: (sizes) => `Se lee a ${sizes}.`,
    fails: (sizes) => `No se lee a ${sizes}.`,
    readBack: (words) => `Leído: ${words}.`,
    scene: "Medido desde la escena.",
    notChecked: "No se revisaron las palabras: no hay titular que leer, así que no se afirma que se lea.",
    everySize: "todos los tamaños",
    finding: {
      "small-headline": (sizes) => `Titular demasiado pequeño a ${sizes}.`,
      misread: (sizes, d) => `A ${sizes} se lee ${d.misread ? `«${detail(d, "misread")}»` : "otra cosa"}.`,
      "low-contrast": (sizes) => `Contraste del titular demasiado bajo a ${sizes}.`,
      "under-badge": (_sizes, d) => (d.what === "subject" ? "La cara del sujeto queda bajo la etiqueta de duración." : "El texto queda bajo la etiqueta de duración."),
      "small-subject": (sizes) => `Sujeto demasiado pequeño a ${sizes}.`,
      "near-identical": () => "Se parece casi igual a otra de tus miniaturas.",
      unreadable: (sizes) => `No se lee nada a ${sizes}.`,
      "repeats-title": () => "El titular repite el título del vídeo.",
    },
    fix: {
      "bigger-headline": () => "Titular más grande",
      "stronger-outline": () => "Contorno más marcado",
      "move-text": () => "Alejar el texto de la duración",
      "darker-backdrop": () => "Fondo más oscuro",
      "bigger-subject": () => "Sujeto más grande",
      "new-hook": (d) => `Usa este gancho: «${detail(d, "hook")}»`,
      "text-layer": () => "Titular como capa de texto limpia",
    },
    fixes: (list) => `Arreglos: ${list}. Di «arréglalo» y aplico el primero: gratis si solo cambia el titular; si no, con el coste de cualquier edición.`,
    fixList: (list) => `Arreglos: ${list}.`,
    noFindings: "No hay nada que arreglar.",
    free: "La revisión en sí es gratis.",
    quote: (text) => `«${text}»`,
    list: "; ",
    gap: " ",
  },
  fr: {
    lead: ["Bien sûr, je lance la vérification du fil.", "C'est noté, je vérifie la lisibilité dans le fil."],
    readsEverywhere: "Elle se lit à toutes les tailles du fil, en sombre comme en clair.",
    reads: (sizes) => `Elle se lit en ${sizes}.`,
    fails: (sizes) => `Elle ne se lit pas en ${sizes}.`,
    readBack: (words) => `Relu : ${words}.`,
    scene: "Mesuré d'après la scène.",
    notChecked: "Les mots n'ont pas été vérifiés : il n'y a pas de titre à lire, donc rien n'est dit lisible.",
    everySize: "toutes les tailles",
    finding: {
      "small-headline": (sizes) => `Titre trop petit en ${sizes}.`,
      misread: (sizes, d) => `En ${sizes}, les mots se lisent ${d.misread ? `« ${detail(d, "misread")} »` : "autrement"}.`,
      "low-contrast": (sizes) => `Contraste du titre trop faible en ${sizes}.`,
      "under-badge": (_sizes, d) => (d.what === "subject" ? "Le visage du sujet passe sous le badge de durée." : "Le texte passe sous le badge de durée."),
      "small-subject": (sizes) => `Sujet trop petit en ${sizes}.`,
      "near-identical": () => "Elle ressemble presque trait pour trait à une autre de vos miniatures.",
      unreadable: (sizes) => `Rien de lisible en ${sizes}.`,
      "repeats-title": () => "Le titre répète le titre de la vidéo.",
    },
    fix: {
      "bigger-headline": () => "Titre plus grand",
      "stronger-outline": () => "Contour plus marqué",
      "move-text": () => "Éloigner le texte de la durée",
      "darker-backdrop": () => "Fond plus sombre",
      "bigger-subject": () => "Sujet plus grand",
      "new-hook": (d) => `Utilisez cette accroche : « ${detail(d, "hook")} »`,
      "text-layer": () => "Titre en calque de texte net",
    },
    fixes: (list) => `Corrections : ${list}. Dites « corrige-la » et j'applique la première : gratuite si seul le titre change, sinon facturée comme toute modification.`,
    fixList: (list) => `Corrections : ${list}.`,
    noFindings: "Rien à corriger.",
    free: "La vérification elle-même est gratuite.",
    quote: (text) => `« ${text} »`,
    list: " ; ",
    gap: " ",
  },
  de: {
    lead: ["Klar, ich mache den Feed-Check.", "Alles klar, ich prüfe, wie es im Feed lesbar ist."],
    readsEverywhere: "Es ist in jeder Feed-Größe lesbar, dunkel wie hell.",
    reads: (sizes) => `Lesbar bei ${sizes}.`,
    fails: (sizes) => `Nicht lesbar bei ${sizes}.`,
    readBack: (words) => `Zurückgelesen: ${words}.`,
    scene: "Aus der Szene gemessen.",
    notChecked: "Der Text wurde nicht geprüft: Es gibt keine Überschrift zum Lesen, also wird nichts als lesbar angegeben.",
    everySize: "jeder Größe",
    finding: {
      "small-headline": (sizes) => `Überschrift zu klein bei ${sizes}.`,
      misread: (sizes, d) => `Bei ${sizes} liest sich der Text als ${d.misread ? `„${detail(d, "misread")}“` : "etwas anderes"}.`,
      "low-contrast": (sizes) => `Kontrast der Überschrift zu gering bei ${sizes}.`,
      "under-badge": (_sizes, d) => (d.what === "subject" ? "Das Gesicht des Motivs liegt unter dem Zeitstempel." : "Text liegt unter dem Zeitstempel."),
      "small-subject": (sizes) => `Motiv zu klein bei ${sizes}.`,
      "near-identical": () => "Es sieht fast genauso aus wie ein anderes deiner Thumbnails.",
      unreadable: (sizes) => `Nichts lesbar bei ${sizes}.`,
      "repeats-title": () => "Die Überschrift wiederholt den Videotitel.",
    },
    fix: {
      "bigger-headline": () => "Größere Überschrift",
      "stronger-outline": () => "Stärkere Kontur",
      "move-text": () => "Text weg vom Zeitstempel",
      "darker-backdrop": () => "Dunklerer Hintergrund",
      "bigger-subject": () => "Größeres Motiv",
      "new-hook": (d) => `Nimm diesen Hook: „${detail(d, "hook")}“`,
      "text-layer": () => "Überschrift als saubere Textebene",
    },
    fixes: (list) => `Korrekturen: ${list}. Sag „behebe es“ und ich wende die erste an: kostenlos, wenn sich nur die Überschrift ändert, sonst berechnet wie jede Bearbeitung.`,
    fixList: (list) => `Korrekturen: ${list}.`,
    noFindings: "Nichts zu korrigieren.",
    free: "Der Check selbst ist kostenlos.",
    quote: (text) => `„${text}“`,
    list: "; ",
    gap: " ",
  },
  zh: {
    lead: ["好的，我来做信息流检查。", "收到，我看看它在信息流里是否看得清。"],
    readsEverywhere: "在所有信息流尺寸下都看得清，深色和浅色都一样。",
    reads: (sizes) => `在 ${sizes} 看得清。`,
    fails: (sizes) => `在 ${sizes} 看不清。`,
    readBack: (words) => `识别结果：${words}。`,
    scene: "根据场景测量。",
    notChecked: "没有检查文字：没有可读的标题，所以不声称看得清。",
    everySize: "所有尺寸",
    finding: {
      "small-headline": (sizes) => `在 ${sizes} 标题太小。`,
      misread: (sizes, d) => `在 ${sizes} 文字被读成了${d.misread ? `“${detail(d, "misread")}”` : "别的内容"}。`,
      "low-contrast": (sizes) => `在 ${sizes} 标题对比度太低。`,
      "under-badge": (_sizes, d) => (d.what === "subject" ? "主体的脸被时长标签挡住了。" : "文字被时长标签挡住了。"),
      "small-subject": (sizes) => `在 ${sizes} 主体太小。`,
      "near-identical": () => "它和你的另一张缩略图几乎一样。",
      unreadable: (sizes) => `在 ${sizes} 什么都读不出来。`,
      "repeats-title": () => "标题和视频标题重复了。",
    },
    fix: {
      "bigger-headline": () => "加大标题",
      "stronger-outline": () => "加粗描边",
      "move-text": () => "把文字移开时长标签",
      "darker-backdrop": () => "加深背景",
      "bigger-subject": () => "放大主体",
      "new-hook": (d) => `用这句钩子：“${detail(d, "hook")}”`,
      "text-layer": () => "把标题做成清晰的文字图层",
    },
    fixes: (list) => `修复建议：${list}。说“修复”我就应用第一条：只改标题时免费，否则按普通编辑收费。`,
    fixList: (list) => `修复建议：${list}。`,
    noFindings: "没有需要修复的地方。",
    free: "检查本身免费。",
    quote: (text) => `“${text}”`,
    list: "；",
    gap: "",
  },
  ja: {
    lead: ["了解、フィードチェックをします。", "わかりました、フィードでの読みやすさを確認します。"],
    readsEverywhere: "フィードのすべてのサイズで、ダークでもライトでも読めます。",
    reads: (sizes) => `${sizes} では読めます。`,
    fails: (sizes) => `${sizes} では読めません。`,
    readBack: (words) => `読み取り結果：${words}。`,
    scene: "シーンから計測しました。",
    notChecked: "文字はチェックしていません。読むべき見出しがないため、読めるとは言えません。",
    everySize: "すべてのサイズ",
    finding: {
      "small-headline": (sizes) => `${sizes} で見出しが小さすぎます。`,
      misread: (sizes, d) => `${sizes} では文字が${d.misread ? `「${detail(d, "misread")}」` : "別の文字"}と読まれます。`,
      "low-contrast": (sizes) => `${sizes} で見出しのコントラストが低すぎます。`,
      "under-badge": (_sizes, d) => (d.what === "subject" ? "被写体の顔が再生時間バッジの下に隠れています。" : "文字が再生時間バッジの下に隠れています。"),
      "small-subject": (sizes) => `${sizes} で被写体が小さすぎます。`,
      "near-identical": () => "ほかのサムネイルとほとんど同じに見えます。",
      unreadable: (sizes) => `${sizes} では何も読み取れません。`,
      "repeats-title": () => "見出しが動画タイトルと同じです。",
    },
    fix: {
      "bigger-headline": () => "見出しを大きく",
      "stronger-outline": () => "縁取りを太く",
      "move-text": () => "文字を再生時間から離す",
      "darker-backdrop": () => "背景を暗く",
      "bigger-subject": () => "被写体を大きく",
      "new-hook": (d) => `このフックを使う：「${detail(d, "hook")}」`,
      "text-layer": () => "見出しをきれいなテキストレイヤーに",
    },
    fixes: (list) => `修正案：${list}。「直して」と言えば最初の修正を適用します（見出しだけの変更なら無料、それ以外は通常の編集と同じ料金）。`,
    fixList: (list) => `修正案：${list}。`,
    noFindings: "直すところはありません。",
    free: "チェック自体は無料です。",
    quote: (text) => `「${text}」`,
    list: "、",
    gap: "",
  },
};

/** A size as the creator sees it, "168×94". */
function sizeLabel(id: FeedSizeId): string {
  const size = feedSizes[id];
  return `${size.width}×${size.height}`;
}

function sizeList(ids: readonly FeedSizeId[], language: Language): string {
  if (ids.length === 0) return phrases[language].everySize;
  return [...new Set(ids.map(sizeLabel))].join(language === "zh" || language === "ja" ? "、" : ", ");
}

/** The fix "fix it" applies: the first failing finding's, else the first warning's. */
export function firstFix(check: FeedCheck): { finding: Finding; fix: NonNullable<Finding["fix"]> } | undefined {
  const withFix = (severity: Finding["severity"]) => check.findings.find((finding) => finding.severity === severity && finding.fix !== null);
  const finding = withFix("fail") ?? withFix("warn");
  return finding?.fix ? { finding, fix: finding.fix } : undefined;
}

export function checkLead(language: Language, seed: number): string {
  return pick(phrases[language].lead, seed);
}

/**
 * The whole check in words: which sizes read and which do not (a size reads when it reads in both looks), what was
 * read back, each finding, and the fixes with how to apply them in the chat ("fix it"; `fixItHint: false` lists them alone).
 */
export function checkResult(check: FeedCheck, language: Language, options: { fixItHint?: boolean } = {}): string {
  const book = phrases[language];
  const sizeIds = [...new Set(check.sizes.map((result) => result.size))];
  const failing = sizeIds.filter((id) => check.sizes.some((result) => result.size === id && !result.reads));
  const reading = sizeIds.filter((id) => !failing.includes(id));
  const sentences: string[] = [];
  if (check.method === "none") sentences.push(book.notChecked);
  else if (failing.length === 0 && reading.length > 0) sentences.push(book.readsEverywhere);
  else {
    // A size both lists would name (two ids of one size, one reading, one not) is said only where it fails.
    const failingLabels = new Set(failing.map(sizeLabel));
    const readingOnly = reading.filter((id) => !failingLabels.has(sizeLabel(id)));
    if (readingOnly.length > 0) sentences.push(book.reads(sizeList(readingOnly, language)));
    if (failing.length > 0) sentences.push(book.fails(sizeList(failing, language)));
  }
  if (check.method === "ocr") {
    const smallest = [...check.sizes].filter((result) => result.readBack !== null).sort((a, b) => a.width * a.height - b.width * b.height)[0];
    if (smallest?.readBack) sentences.push(book.readBack(book.quote(smallest.readBack)));
  } else if (check.method === "scene") sentences.push(book.scene);
  for (const finding of check.findings) sentences.push(book.finding[finding.id](sizeList(finding.sizes, language), finding.details));
  const fixes = check.findings.flatMap((finding) => (finding.fix ? [book.fix[finding.fix.id](finding.details)] : []));
  if (fixes.length > 0) sentences.push((options.fixItHint ?? true ? book.fixes : book.fixList)([...new Set(fixes)].join(book.list)));
  else if (check.findings.length === 0) sentences.push(book.noFindings);
  sentences.push(book.free);
  return sentences.join(book.gap);
}
