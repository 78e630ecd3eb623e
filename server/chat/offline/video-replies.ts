import type { Language } from "../../../contract/languages.ts";
import type { VideoFrameReason } from "../../../contract/videos.ts";
import { codeOfToolError } from "../tools/coded-error.ts";
import { pick } from "./seeded.ts";

/** What the offline assistant says about frames of the user's video (docs/product/videos.md, In the chat). */

/** The frames a videoFrame call took: each one's moment ("1:05") and why it is one of the best, if it is. */
export interface TakenFrames {
  frames: readonly { time: string; reasons: readonly VideoFrameReason[] }[];
  ready: number;
  /** Frames a worker is still cutting out when the wait ended: they show up on the card when they are done. */
  pending: number;
  failed: number;
}

/**
 * Why a videoFrame or videoHeadlines call failed, as the answer tells it: "gone" is a video that was deleted or
 * expired; "uploading" one whose file is not all there yet; "hearing-busy" a transcription model that is not
 * answering; "hearing-other" and "other" whatever else stopped headlines and frames.
 */
export type VideoProblem = "no-video" | "gone" | "uploading" | "still-finding" | "no-frames" | "moment" | "no-transcription" | "hearing-busy" | "hearing-other" | "other";

export type VideoLead = { moment: "best"; count: number } | { moment: "rank"; rank: number } | { moment: "time"; time: string } | { moment: "spoken"; time: string };

/** What is said at a moment ("1:05"), and headlines from it. */
export interface Spoken {
  time: string;
  transcript: string;
  headlines: readonly string[];
}

interface VideoPhrases {
  leadBest(count: number): readonly string[];
  /** The frame ranked `rank` (2 or more) among the best. */
  leadRank(rank: number): readonly string[];
  leadTime(time: string): readonly string[];
  leadSpoken(time: string): readonly string[];
  said(time: string, quoted: string): readonly string[];
  nothingSaid(time: string): readonly string[];
  headlines(list: string): readonly string[];
  quote(text: string): string;
  taken(times: string, reasons: string, count: number): readonly string[];
  failed: readonly string[];
  stillCutting: readonly string[];
  reasonNames: Record<VideoFrameReason, string>;
  problem: Record<VideoProblem, readonly string[]>;
  /** How a list of times and reasons is joined. */
  list(items: readonly string[]): string;
}

/** English ordinals: 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd. */
function ordinalSuffix(rank: number): string {
  if (rank % 100 >= 11 && rank % 100 <= 13) return "th";
  return ["th", "st", "nd", "rd"][rank % 10] ?? "th";
}

const phrases: Record<Language, VideoPhrases> = {
  en: {
    leadBest: (count) => (count > 1 ? [`Taking the ${count} best frames of your video, from different moments.`] : ["Taking the best frame of your video.", "Let me grab the best moment of your video."]),
    leadSpoken: (time) => [`Listening to what you say around ${time}.`],
    said: (time, quoted) => [`Around ${time} you say: ${quoted}`],
    nothingSaid: (time) => [`Nothing is said around ${time}.`],
    headlines: (list) => [`Headlines from it: ${list}. Say one in quotes and I'll put it on the thumbnail.`],
    quote: (text) => `“${text}”`,
    leadRank: (rank) => [`Taking the ${rank}${ordinalSuffix(rank)} best frame of your video.`],
    leadTime: (time) => [`Taking the frame at ${time} of your video.`, `Grabbing the frame at ${time}.`],
    taken: (times, reasons, count) => [count > 1 ? `Here are the frames at ${times}${reasons}. Free.` : `Here's the frame at ${times}${reasons}. Free.`],
    failed: ["I couldn't cut that frame out of the video. Nothing was charged; try another moment."],
    stillCutting: ["Your frame is still being cut out of the video. It will show up here when it's ready; it's free."],
    reasonNames: { sharp: "sharp", "well-exposed": "well exposed", "clear-subject": "a clear subject", "shot-change": "a new shot" },
    problem: {
      "no-video": ["You have no video here yet. Upload one on the From video screen or attach it to a message, then ask again."],
      "still-finding": ["I'm still finding the best frames of your video. Ask again in a moment, or name a time such as 0:05 to take that frame now."],
      "no-frames": ["Finding the best frames of that video stopped. Name a time such as 0:05, or analyse it again on the From video screen."],
      moment: ["That moment isn't in your video. Say the best moment, or a time before its end such as 1:05."],
      "no-transcription": ["This server has no transcription model, so I can't tell what is said in your video. The frames still work."],
      "gone": ["That video is gone: it was deleted or expired (videos are kept 24 hours). Upload it again on the From video screen or attach it to a message, then ask again."],
      "uploading": ["Your video is still uploading. Ask again once the upload is done."],
      "hearing-busy": ["The transcription model isn't answering right now, so I can't tell what is said in your video. Try again in a minute; the frames still work."],
      "hearing-other": ["I couldn't listen to your video just now. Try again in a moment; the frames still work."],
      other: ["I couldn't take a frame of your video just now. Try again in a moment."],
    },
    list: (items) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "")),
  },
  es: {
    leadBest: (count) => (count > 1 ? [`Tomo los ${count} mejores fotogramas de tu vídeo, de momentos distintos.`] : ["Tomo el mejor fotograma de tu vídeo.", "Busco el mejor momento de tu vídeo."]),
    leadSpoken: (time) => [`Escucho lo que dices alrededor de ${time}.`],
    said: (time, quoted) => [`Alrededor de ${time} dices: ${quoted}`],
    nothingSaid: (time) => [`No se dice nada alrededor de ${time}.`],
    headlines: (list) => [`Titulares a partir de ello: ${list}. Escribe uno entre comillas y lo pongo en la miniatura.`],
    quote: (text) => `«${text}»`,
    leadRank: (rank) => [`Tomo el fotograma n.º ${rank} entre los mejores de tu vídeo.`],
    leadTime: (time) => [`Tomo el fotograma en ${time} de tu vídeo.`, `Saco el fotograma en ${time}.`],
    taken: (times, reasons, count) => [count > 1 ? `Aquí están los fotogramas en ${times}${reasons}. Gratis.` : `Aquí está el fotograma en ${times}${reasons}. Gratis.`],
    failed: ["No pude sacar ese fotograma del vídeo. No se cobró nada; prueba otro momento."],
    stillCutting: ["Todavía estoy sacando tu fotograma del vídeo. Aparecerá aquí cuando esté listo; es gratis."],
    reasonNames: { sharp: "nítido", "well-exposed": "bien expuesto", "clear-subject": "un sujeto claro", "shot-change": "un plano nuevo" },
    problem: {
      "no-video": ["Todavía no tienes ningún vídeo aquí. Sube uno en la pantalla Desde un vídeo o adjúntalo a un mensaje, y vuelve a pedirlo."],
      "still-finding": ["Sigo buscando los mejores fotogramas de tu vídeo. Pídelo de nuevo en un momento, o di un tiempo como 0:05 para tomar ese fotograma ya."],
      "no-frames": ["La búsqueda de los mejores fotogramas de ese vídeo se detuvo. Di un tiempo como 0:05, o analízalo de nuevo en la pantalla Desde un vídeo."],
      moment: ["Ese momento no está en tu vídeo. Pide el mejor momento, o un tiempo antes del final, como 1:05."],
      "no-transcription": ["Este servidor no tiene un modelo de transcripción, así que no puedo saber qué se dice en tu vídeo. Los fotogramas siguen funcionando."],
      "gone": ["Ese vídeo ya no está: se borró o caducó (los vídeos se guardan 24 horas). Súbelo de nuevo en la pantalla Desde un vídeo o adjúntalo a un mensaje, y vuelve a pedirlo."],
      "uploading": ["Tu vídeo todavía se está subiendo. Pídelo de nuevo cuando termine la subida."],
      "hearing-busy": ["El modelo de transcripción no responde ahora, así que no puedo saber qué se dice en tu vídeo. Inténtalo de nuevo en un minuto; los fotogramas siguen funcionando."],
      "hearing-other": ["No pude escuchar tu vídeo ahora. Inténtalo de nuevo en un momento; los fotogramas siguen funcionando."],
      other: ["No pude tomar un fotograma de tu vídeo ahora. Inténtalo de nuevo en un momento."],
    },
    list: (items) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} y ${items.at(-1)}` : (items[0] ?? "")),
  },
  fr: {
    leadBest: (count) => (count > 1 ? [`Je prends les ${count} meilleures images de votre vidéo, à des moments différents.`] : ["Je prends la meilleure image de votre vidéo.", "Je cherche le meilleur moment de votre vidéo."]),
    leadSpoken: (time) => [`J'écoute ce que vous dites autour de ${time}.`],
    said: (time, quoted) => [`Autour de ${time}, vous dites : ${quoted}`],
    nothingSaid: (time) => [`Rien n'est dit autour de ${time}.`],
    headlines: (list) => [`Titres tirés de ce passage : ${list}. Écrivez-en un entre guillemets et je le mets sur la miniature.`],
    quote: (text) => `« ${text} »`,
    leadRank: (rank) => [`Je prends la ${rank}e meilleure image de votre vidéo.`],
    leadTime: (time) => [`Je prends l'image à ${time} de votre vidéo.`, `J'extrais l'image à ${time}.`],
    taken: (times, reasons, count) => [count > 1 ? `Voici les images à ${times}${reasons}. Gratuit.` : `Voici l'image à ${times}${reasons}. Gratuit.`],
    failed: ["Je n'ai pas pu extraire cette image de la vidéo. Rien n'a été facturé ; essayez un autre moment."],
    stillCutting: ["Votre image est encore en cours d'extraction. Elle apparaîtra ici dès qu'elle sera prête ; c'est gratuit."],
    reasonNames: { sharp: "nette", "well-exposed": "bien exposée", "clear-subject": "un sujet net", "shot-change": "un nouveau plan" },
    problem: {
      "no-video": ["Vous n'avez encore aucune vidéo ici. Importez-en une sur l'écran Depuis une vidéo ou joignez-la à un message, puis redemandez."],
      "still-finding": ["Je cherche encore les meilleures images de votre vidéo. Redemandez dans un instant, ou donnez un temps comme 0:05 pour prendre cette image tout de suite."],
      "no-frames": ["La recherche des meilleures images de cette vidéo s'est arrêtée. Donnez un temps comme 0:05, ou relancez l'analyse sur l'écran Depuis une vidéo."],
      moment: ["Ce moment n'est pas dans votre vidéo. Demandez le meilleur moment, ou un temps avant la fin, comme 1:05."],
      "no-transcription": ["Ce serveur n'a pas de modèle de transcription : je ne peux pas savoir ce qui est dit dans votre vidéo. Les images, elles, fonctionnent."],
      "gone": ["Cette vidéo n'existe plus : elle a été supprimée ou a expiré (les vidéos sont gardées 24 heures). Importez-la de nouveau sur l'écran Depuis une vidéo ou joignez-la à un message, puis redemandez."],
      "uploading": ["Votre vidéo est encore en cours d'import. Redemandez une fois l'import terminé."],
      "hearing-busy": ["Le modèle de transcription ne répond pas pour l'instant : je ne peux pas savoir ce qui est dit dans votre vidéo. Réessayez dans une minute ; les images, elles, fonctionnent."],
      "hearing-other": ["Je n'ai pas pu écouter votre vidéo pour l'instant. Réessayez dans un instant ; les images, elles, fonctionnent."],
      other: ["Je n'ai pas pu prendre d'image de votre vidéo pour l'instant. Réessayez dans un instant."],
    },
    list: (items) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} et ${items.at(-1)}` : (items[0] ?? "")),
  },
  de: {
    leadBest: (count) => (count > 1 ? [`Ich nehme die ${count} besten Bilder deines Videos, aus verschiedenen Momenten.`] : ["Ich nehme das beste Bild deines Videos.", "Ich suche den besten Moment deines Videos."]),
    leadSpoken: (time) => [`Ich höre mir an, was du um ${time} sagst.`],
    said: (time, quoted) => [`Um ${time} sagst du: ${quoted}`],
    nothingSaid: (time) => [`Um ${time} wird nichts gesagt.`],
    headlines: (list) => [`Überschriften daraus: ${list}. Schreib eine in Anführungszeichen, dann setze ich sie aufs Thumbnail.`],
    quote: (text) => `„${text}“`,
    leadRank: (rank) => [`Ich nehme das Bild auf Platz ${rank} der besten Bilder deines Videos.`],
    leadTime: (time) => [`Ich nehme das Bild bei ${time} aus deinem Video.`, `Ich hole das Bild bei ${time}.`],
    taken: (times, reasons, count) => [count > 1 ? `Hier sind die Bilder bei ${times}${reasons}. Kostenlos.` : `Hier ist das Bild bei ${times}${reasons}. Kostenlos.`],
    failed: ["Ich konnte dieses Bild nicht aus dem Video holen. Nichts wurde berechnet; versuch einen anderen Moment."],
    stillCutting: ["Dein Bild wird noch aus dem Video geschnitten. Es erscheint hier, sobald es fertig ist; es ist kostenlos."],
    reasonNames: { sharp: "scharf", "well-exposed": "gut belichtet", "clear-subject": "ein klares Motiv", "shot-change": "eine neue Einstellung" },
    problem: {
      "no-video": ["Du hast hier noch kein Video. Lade eins auf der Seite Aus einem Video hoch oder hänge es an eine Nachricht, dann frag noch einmal."],
      "still-finding": ["Ich suche noch die besten Bilder deines Videos. Frag gleich noch einmal, oder nenn eine Zeit wie 0:05, um dieses Bild sofort zu nehmen."],
      "no-frames": ["Die Suche nach den besten Bildern dieses Videos wurde beendet. Nenn eine Zeit wie 0:05, oder analysiere es auf der Seite Aus einem Video noch einmal."],
      moment: ["Dieser Moment ist nicht in deinem Video. Frag nach dem besten Moment oder nach einer Zeit vor dem Ende, etwa 1:05."],
      "no-transcription": ["Dieser Server hat kein Transkriptionsmodell, darum kann ich nicht sagen, was in deinem Video gesagt wird. Die Bilder gehen trotzdem."],
      "gone": ["Dieses Video gibt es nicht mehr: Es wurde gelöscht oder ist abgelaufen (Videos bleiben 24 Stunden). Lade es auf der Seite Aus einem Video erneut hoch oder hänge es an eine Nachricht, dann frag noch einmal."],
      "uploading": ["Dein Video wird noch hochgeladen. Frag noch einmal, wenn der Upload fertig ist."],
      "hearing-busy": ["Das Transkriptionsmodell antwortet gerade nicht, darum kann ich nicht sagen, was in deinem Video gesagt wird. Versuch es in einer Minute noch einmal; die Bilder gehen trotzdem."],
      "hearing-other": ["Ich konnte dein Video gerade nicht anhören. Versuch es gleich noch einmal; die Bilder gehen trotzdem."],
      other: ["Ich konnte gerade kein Bild aus deinem Video nehmen. Versuch es gleich noch einmal."],
    },
    list: (items) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} und ${items.at(-1)}` : (items[0] ?? "")),
  },
  zh: {
    leadBest: (count) => (count > 1 ? [`正在从你的视频中截取 ${count} 个不同时刻的最佳画面。`] : ["正在截取你视频中最好的画面。", "我来找你视频里最好的时刻。"]),
    leadSpoken: (time) => [`正在听你在 ${time} 前后说的话。`],
    said: (time, quoted) => [`你在 ${time} 前后说：${quoted}`],
    nothingSaid: (time) => [`${time} 前后没有说话。`],
    headlines: (list) => [`据此提出的标题：${list}。用引号写出其中一个，我就把它放到缩略图上。`],
    quote: (text) => `“${text}”`,
    leadRank: (rank) => [`正在截取你视频中排名第 ${rank} 的最佳画面。`],
    leadTime: (time) => [`正在截取你视频中 ${time} 的画面。`, `正在取 ${time} 的画面。`],
    taken: (times, reasons) => [`这是 ${times} 的画面${reasons}。免费。`],
    failed: ["没能从视频中截取这个画面。没有扣费；换个时刻试试。"],
    stillCutting: ["画面还在从视频中截取。准备好后会显示在这里；免费。"],
    reasonNames: { sharp: "清晰", "well-exposed": "曝光良好", "clear-subject": "主体明确", "shot-change": "新镜头" },
    problem: {
      "no-video": ["你这里还没有视频。请在“从视频”页面上传一个，或附在消息里，然后再问我。"],
      "still-finding": ["我还在找你视频里最好的画面。稍等片刻再问，或者说一个时间（比如 0:05）马上截取那一帧。"],
      "no-frames": ["查找这个视频最佳画面的过程已停止。说一个时间（比如 0:05），或在“从视频”页面重新分析。"],
      moment: ["你的视频里没有这个时刻。可以要最好的画面，或者结束前的某个时间，比如 1:05。"],
      "no-transcription": ["这台服务器没有语音转写模型，所以我无法得知你视频里说了什么。截取画面仍然可用。"],
      "gone": ["这个视频已经不在了：它被删除或已过期（视频保留 24 小时）。请在“从视频”页面重新上传，或附在消息里，然后再问我。"],
      "uploading": ["你的视频还在上传。上传完成后再问我。"],
      "hearing-busy": ["语音转写模型暂时没有响应，所以我无法得知你视频里说了什么。请一分钟后再试；截取画面仍然可用。"],
      "hearing-other": ["暂时没能听取你的视频。请稍后再试；截取画面仍然可用。"],
      other: ["暂时没能从你的视频中截取画面。请稍后再试。"],
    },
    list: (items) => items.join("、"),
  },
  ja: {
    leadBest: (count) => (count > 1 ? [`動画の違う場面から、ベストなフレームを ${count} 枚取り出します。`] : ["動画のベストなフレームを取り出します。", "動画で一番いい瞬間を探します。"]),
    leadSpoken: (time) => [`${time} 前後で話している内容を聞いています。`],
    said: (time, quoted) => [`${time} 前後ではこう話しています：${quoted}`],
    nothingSaid: (time) => [`${time} 前後では何も話していません。`],
    headlines: (list) => [`そこから考えた見出し：${list}。どれかをかぎかっこで書いてくれれば、サムネに入れます。`],
    quote: (text) => `「${text}」`,
    leadRank: (rank) => [`動画のベストなフレームのうち ${rank} 番目を取り出します。`],
    leadTime: (time) => [`動画の ${time} のフレームを取り出します。`, `${time} のフレームを取り出します。`],
    taken: (times, reasons) => [`${times} のフレームです${reasons}。無料です。`],
    failed: ["そのフレームを動画から取り出せませんでした。料金はかかっていません。別の瞬間を試してください。"],
    stillCutting: ["フレームはまだ動画から切り出し中です。できしだいここに表示されます。無料です。"],
    reasonNames: { sharp: "シャープ", "well-exposed": "明るさが適正", "clear-subject": "被写体がはっきり", "shot-change": "新しいカット" },
    problem: {
      "no-video": ["まだ動画がありません。「動画から」画面でアップロードするか、メッセージに添付してから、もう一度どうぞ。"],
      "still-finding": ["動画のベストなフレームをまだ探しています。少ししてからもう一度どうぞ。0:05 のように時間を指定すれば、そのフレームをすぐ取り出せます。"],
      "no-frames": ["この動画のフレーム探しは止まりました。0:05 のように時間を指定するか、「動画から」画面でもう一度分析してください。"],
      moment: ["その瞬間は動画にありません。一番いい瞬間か、終わりより前の時間（1:05 など）を指定してください。"],
      "no-transcription": ["このサーバーには文字起こしモデルがないため、動画で何を話しているかはわかりません。フレームの取り出しは使えます。"],
      "gone": ["その動画はもうありません。削除されたか期限が切れました（動画は 24 時間保存されます）。「動画から」画面でもう一度アップロードするか、メッセージに添付してから、もう一度どうぞ。"],
      "uploading": ["動画はまだアップロード中です。アップロードが終わってから、もう一度どうぞ。"],
      "hearing-busy": ["文字起こしモデルが今は応答しないため、動画で何を話しているかわかりません。1 分ほどしてからもう一度どうぞ。フレームの取り出しは使えます。"],
      "hearing-other": ["今は動画の音声を聞き取れませんでした。少ししてからもう一度どうぞ。フレームの取り出しは使えます。"],
      other: ["今は動画のフレームを取り出せませんでした。少ししてからもう一度どうぞ。"],
    },
    list: (items) => items.join("、"),
  },
};

export function videoLead(lead: VideoLead, language: Language, seed: number): string {
  const book = phrases[language];
  if (lead.moment === "spoken") return pick(book.leadSpoken(lead.time), seed);
  if (lead.moment === "rank") return pick(lead.rank > 1 ? book.leadRank(lead.rank) : book.leadBest(1), seed);
  return pick(lead.moment === "time" ? book.leadTime(lead.time) : book.leadBest(lead.count), seed);
}

/** What is said at the moment, quoted, then the headlines proposed from it. */
export function spokenReply(spoken: Spoken, language: Language, seed: number): string {
  const book = phrases[language];
  if (spoken.transcript === "") return pick(book.nothingSaid(spoken.time), seed);
  const said = pick(book.said(spoken.time, book.quote(spoken.transcript)), seed);
  if (spoken.headlines.length === 0) return said;
  return [said, pick(book.headlines(book.list(spoken.headlines.map((headline) => book.quote(headline)))), seed, 1)].join(language === "zh" || language === "ja" ? "" : " ");
}

/** The frames taken, with their moments and, for one of the best, why; or that they are still being cut, or failed. */
export function videoTaken(taken: TakenFrames, language: Language, seed: number): string {
  const book = phrases[language];
  if (taken.ready === 0) return pick(taken.pending > 0 ? book.stillCutting : book.failed, seed);
  const times = book.list(taken.frames.map((frame) => frame.time));
  const reasons = [...new Set(taken.frames.flatMap((frame) => frame.reasons))].map((reason) => book.reasonNames[reason]);
  const why = reasons.length === 0 ? "" : language === "zh" || language === "ja" ? `（${book.list(reasons)}）` : ` (${book.list(reasons)})`;
  return pick(book.taken(times, why, taken.frames.length), seed);
}

export function videoProblem(problem: VideoProblem, language: Language, seed: number): string {
  return pick(phrases[language].problem[problem], seed);
}

/** Which problem a videoFrame ("frame") or videoHeadlines ("spoken") error is, from the code its text leads with. */
export function classifyVideoError(error: unknown, tool: "frame" | "spoken"): VideoProblem {
  switch (codeOfToolError(error)) {
    case "not_found:video_none":
      return "no-video";
    case "not_found:video":
      return "gone";
    case "conflict:video_not_ready":
      return "uploading";
    case "conflict:video_analysing":
      return "still-finding";
    case "conflict:video_no_frames":
      return "no-frames";
    case "invalid:video_moment":
      return "moment";
    case "not_configured:transcription":
      return "no-transcription";
    case "unavailable:transcription":
      return "hearing-busy";
    default:
      return tool === "spoken" ? "hearing-other" : "other";
  }
}
