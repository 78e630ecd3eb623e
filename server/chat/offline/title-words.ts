/**
 * The video's title as a creator gives it in the chat (docs/product/chat.md, Video title): "the title is 'I tried 100
 * days of coding'", "title: …", "video title …", and the same in Spanish, French, German, Chinese and Japanese. The
 * words "title", "título", "titre", "Titel", "标题" and "タイトル" also name the headline drawn in the picture ("the
 * title is way too big", "标题太大了"), so a sentence form takes the title only when it is quoted or the video is named;
 * a label with a colon ("title: …") always gives it. French and Chinese say "titre" and "标题" for the headline itself
 * (the assistant tells creators to write "titre : …" and "标题：…" to change it), so there the video must be named:
 * "titre de la vidéo : …", "视频标题：…".
 */

const VIDEO = /video|vídeo|vidéo|youtube|视频|視頻|影片|動画/iu;

// Straight, curly, guillemet and CJK corner quotes around the whole title.
const QUOTED = /^["“”„«‚‘'「『]\s*(.+?)\s*["“”»’'」』]$/su;

/** Forms whose rest is the title whatever it looks like: a label with a colon, or one that names the video. */
const LABELS: readonly RegExp[] = [
  /^(?:(?:the|my|our)\s+)?(?:(?:video|youtube)(?:'s)?\s+)?title\s*[:：]\s*(.+)$/iu,
  /^(?:(?:the|my|our)\s+)?(?:video|youtube)(?:'s)?\s+title(?:\s+(?:is|will\s+be|should\s+be))?\s*[:：]?\s+(.+)$/iu,
  /^(?:(?:the|my|our)\s+)?video\s+is\s+(?:called|titled|named)\s+(.+)$/iu,
  /^(?:set|change)\s+the\s+(?:video|youtube)(?:'s)?\s+title\s+to\s+(.+)$/iu,
  /^(?:el\s+)?t[íi]tulo(?:\s+del\s+v[íi]deo)?\s*[:：]\s*(.+)$/iu,
  /^(?:el\s+)?t[íi]tulo\s+del\s+v[íi]deo\s+(?:es|ser[áa])\s*[:：]?\s+(.+)$/iu,
  /^(?:(?:mi|el)\s+)?v[íi]deo\s+se\s+llama\s+(.+)$/iu,
  /^(?:le\s+)?titre\s+de\s+(?:la|ma)\s+vid[ée]o\s*[:：]\s*(.+)$/iu,
  /^(?:le\s+)?titre\s+de\s+(?:la|ma)\s+vid[ée]o\s+(?:est|sera)\s*[:：]?\s+(.+)$/iu,
  /^(?:la|ma)\s+vid[ée]o\s+s['’]appelle\s+(.+)$/iu,
  /^(?:der\s+)?(?:video)?titel(?:\s+des\s+videos)?\s*[:：]\s*(.+)$/iu,
  /^(?:der\s+)?(?:videotitel|titel\s+des\s+videos)\s+(?:ist|lautet|wird)\s*[:：]?\s+(.+)$/iu,
  /^(?:(?:mein|das)\s+)?video\s+hei(?:ß|ss)t\s+(.+)$/iu,
  /^(?:视频|視頻|影片)(?:的)?(?:标题|標題|名字)\s*(?:是|为|為|叫|[:：])\s*(.+)$/u,
  /^(?:我的)?(?:视频|視頻|影片)(?:叫|名叫)\s*(.+)$/u,
  /^(?:この)?動画(?:の)?タイトル\s*(?:は|[:：])\s*(.+?)(?:\s*(?:です|でお願いします|にして(?:ください)?))?$/u,
  /^タイトル\s*[:：]\s*(.+)$/u,
  /^(?:この)?動画(?:の名前)?は\s*(「.+」)(?:\s*(?:です|という名前です))?$/u,
];

/** Forms that also speak of the headline ("the title is too big"): the title only when the rest is quoted. */
const SENTENCES: readonly RegExp[] = [
  /^(?:(?:the|my|our)\s+)?title\s+(?:is|will\s+be|should\s+be)\s+(.+)$/iu,
  /^(?:el\s+)?t[íi]tulo\s+(?:es|ser[áa])\s+(.+)$/iu,
  /^(?:der\s+)?titel\s+(?:ist|lautet|wird)\s+(.+)$/iu,
  /^タイトル\s*は\s*(.+?)(?:\s*(?:です|でお願いします|にして(?:ください)?))?$/u,
];

/** A title without the quotes around it and the full stop after it. */
function cleaned(rest: string): string {
  const trimmed = rest.trim().replace(/[.。!！]+$/u, "").trim();
  return (QUOTED.exec(trimmed)?.[1] ?? trimmed).trim();
}

/** The video's title a message gives, or undefined when it gives none. */
export function readTitle(message: string): string | undefined {
  const text = message.trim().replace(/[.。]+$/u, "");
  if (!text || text.includes("\n")) return undefined;
  for (const pattern of LABELS) {
    const rest = pattern.exec(text)?.[1];
    if (rest && cleaned(rest)) return cleaned(rest);
  }
  for (const pattern of SENTENCES) {
    const rest = pattern.exec(text)?.[1]?.trim().replace(/[.。!！]+$/u, "").trim();
    if (rest && (QUOTED.test(rest) || VIDEO.test(text)) && cleaned(rest)) return cleaned(rest);
  }
  return undefined;
}
