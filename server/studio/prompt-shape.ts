import { upperWord } from "./headline.ts";

/**
 * What a prompt's wording says about the picture, in the six UI languages: a comparison ("iPhone vs Android",
 * "before and after"), a figure worth a badge ("$500", "30 days", "10x"), a reaction, or something to point at.
 * The compositions (compositions.ts) are chosen from this; the seed only decides among the ones that fit.
 */
export interface PromptShape {
  split?: Split;
  /** The figure a badge shows, as written in the prompt ("$500", "30 DAYS", "10X"). */
  figure?: string;
  reaction: boolean;
  pointer: boolean;
}

export interface Split {
  kind: "versus" | "before-after";
  /** The two sides' labels: the compared names, or "before" and "after" in the prompt's language. */
  labels: [string, string];
}

// Latin keywords are matched at word edges; CJK ones anywhere, since those scripts have no spaces between words.
const VERSUS = /(?:^|[\s,(])(?:vs\.?|versus|contra|contre|gegen|gegenüber)(?=[\s,)]|$)|(?<=\p{Script=Han}|\p{Script=Kana}|\p{Script=Hira})\s?vs\.?|vs\.?\s?(?=\p{Script=Han}|\p{Script=Kana}|\p{Script=Hira})|对比|對比|对决|對決|比较|比較|対決/iu;
const BEFORE_AFTER: readonly [RegExp, [string, string]][] = [
  [/\bbefore\b.{0,20}\bafter\b/iu, ["BEFORE", "AFTER"]],
  [/\bantes\b.{0,20}\bdespu[eé]s\b/iu, ["ANTES", "DESPUÉS"]],
  [/\bavant\b.{0,20}\baprès\b/iu, ["AVANT", "APRÈS"]],
  [/\bvorher\b.{0,20}\bnachher\b/iu, ["VORHER", "NACHHER"]],
  [/之前.{0,12}之后|前后对比|前後對比/u, ["之前", "之后"]],
  [/ビフォー.{0,3}アフター|使用前.{0,10}使用後/u, ["ビフォー", "アフター"]],
];
const REACTION =
  /\b(?:omg|wtf|shock(?:ed|ing)?|insane|crazy|unbelievable|reaction|reacting|react|scary|worst|fail(?:ed)?|can'?t believe|incre[ií]ble|reacci[oó]n|locura|choqu[ée]e?|incroyable|fou|krass|unglaublich|wahnsinn|reaktion)\b|震惊|震驚|反应|反應|离谱|衝撃|リアクション|ヤバ|やば|驚/iu;
const POINTER =
  /\b(?:point(?:ing|s)?|look at|this one|secret|hidden|found|here'?s why|se[nñ]al(?:ando|a)|secreto|escondid[oa]|montr(?:ant|e)|regardez|cach[ée]e?|zeig(?:t|en|end)|geheim|versteckt)\b|指着|指向|秘密|隐藏|隱藏|指さ|ここ|隠れ/iu;

// A currency amount, a multiplier, or a count with its unit; the first that occurs wins over a bare number.
const CURRENCY = /(?:[$€£¥]\s?\d[\d,.]*\s?[kKmM]?|\d[\d,.]*\s?(?:[$€£¥]|元|円|美元|dollars?|euros?|d[oó]lares))/u;
const MULTIPLIER = /\b\d+(?:\.\d+)?\s?[x×](?![a-z])/iu;
const COUNT =
  /\d[\d,.]*\s?(?:%|days?|d[ií]as|jours?|tage?n?|hours?|horas?|heures?|stunden?|weeks?|semanas?|semaines?|wochen?|months?|meses|mois|monate?n?|years?|a[nñ]os|ans|jahre?n?|steps?|ways?|tips?|things?|天|日|小时|時間|周|週|个月|ヶ月|か月|年|步|招|个|つ|選)/iu;
const CJK_COUNT = /[一二三四五六七八九十百千万两]{1,4}(?:天|日|个月|ヶ月|か月|年|小时|時間|周|週|步|招)/u;
const BARE = /\b\d{2,}\b|\d{2,}/u;

export function promptShape(prompt: string): PromptShape {
  const text = prompt.replace(/\s+/gu, " ").trim();
  const shape: PromptShape = { reaction: REACTION.test(text), pointer: POINTER.test(text) };
  const split = splitOf(text);
  if (split) shape.split = split;
  const figure = figureOf(text);
  if (figure) shape.figure = figure;
  return shape;
}

function splitOf(text: string): Split | undefined {
  for (const [pattern, labels] of BEFORE_AFTER) if (pattern.test(text)) return { kind: "before-after", labels };
  const match = VERSUS.exec(text);
  if (!match) return undefined;
  const left = lastWords(text.slice(0, match.index));
  const right = firstWords(text.slice(match.index + match[0].length));
  return { kind: "versus", labels: [left || "A", right || "B"] };
}

/** The compared name just before "vs": its last word, or a CJK run of up to six characters. */
function lastWords(before: string): string {
  const trimmed = before.replace(/[\s,:("'“«]+$/u, "");
  return label(CJK_TAIL.exec(trimmed)?.[0] ?? /[\p{L}\p{N}'’-]+$/u.exec(trimmed)?.[0] ?? "");
}

function firstWords(after: string): string {
  const trimmed = after.replace(/^[\s,:)"'”»]+/u, "");
  return label(CJK_HEAD.exec(trimmed)?.[0] ?? /^[\p{L}\p{N}'’-]+/u.exec(trimmed)?.[0] ?? "");
}

const CJK_TAIL = /[\p{Script=Han}\p{Script=Hira}\p{Script=Kana}ー]{1,6}$/u;
const CJK_HEAD = /^[\p{Script=Han}\p{Script=Hira}\p{Script=Kana}ー]{1,6}/u;

function label(word: string): string {
  return upperWord([...word].slice(0, 12).join(""));
}

function figureOf(text: string): string | undefined {
  for (const pattern of [CURRENCY, MULTIPLIER, COUNT, CJK_COUNT, BARE]) {
    const found = pattern.exec(text)?.[0]?.trim();
    if (found) return found.replace(/\s+/gu, " ").replace(/[.,]$/u, "").toLocaleUpperCase("en");
  }
  return undefined;
}
