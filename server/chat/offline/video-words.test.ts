import { describe, expect, it } from "vitest";
import type { Language } from "../../../contract/languages.ts";
import { readIntent } from "./intent.ts";
import { headlineOfName } from "./offline-assistant.ts";
import { readSpokenRequest, readVideoRequest } from "./video-words.ts";

// The video phrases in the six languages: the frame first, then what is made from it.

const cases: [Language, string, ReturnType<typeof readVideoRequest>][] = [
  ["en", "make a thumbnail from the best moment of my video", { prompt: "make a thumbnail from the best moment of my video", frame: { moment: "best" }, next: { tool: "generate" } }],
  ["en", "use the frame at 1:05", { prompt: "use the frame at 1:05", frame: { moment: "1:05" }, next: { tool: "generate" } }],
  ["en", "three versions from different moments", { prompt: "three versions from different moments", frame: { moment: "best", count: 3 }, next: { tool: "pack" } }],
  ["en", "swap @me into this frame", { prompt: "swap @me into this frame", frame: { moment: "best" }, next: { tool: "swap", handle: "me" } }],
  ["en", "use my video", { prompt: "use my video", frame: { moment: "best" }, next: { tool: "generate" } }],
  ["es", "usa el fotograma en 1:05", { prompt: "usa el fotograma en 1:05", frame: { moment: "1:05" }, next: { tool: "generate" } }],
  ["es", "tres versiones de momentos distintos", { prompt: "tres versiones de momentos distintos", frame: { moment: "best", count: 3 }, next: { tool: "pack" } }],
  ["fr", "fais une miniature du meilleur moment de ma vidéo", { prompt: "fais une miniature du meilleur moment de ma vidéo", frame: { moment: "best" }, next: { tool: "generate" } }],
  ["fr", "mets @me dans ce plan", { prompt: "mets @me dans ce plan", frame: { moment: "best" }, next: { tool: "swap", handle: "me" } }],
  ["de", "nimm das Standbild bei 1:05", { prompt: "nimm das Standbild bei 1:05", frame: { moment: "1:05" }, next: { tool: "generate" } }],
  ["de", "drei Versionen aus verschiedenen Momenten", { prompt: "drei Versionen aus verschiedenen Momenten", frame: { moment: "best", count: 3 }, next: { tool: "pack" } }],
  ["zh", "用我视频里最好的画面做一张缩略图", { prompt: "用我视频里最好的画面做一张缩略图", frame: { moment: "best" }, next: { tool: "generate" } }],
  ["zh", "把 @me 放进这个画面", { prompt: "把 @me 放进这个画面", frame: { moment: "best" }, next: { tool: "swap", handle: "me" } }],
  ["ja", "1:05 のフレームを使って", { prompt: "1:05 のフレームを使って", frame: { moment: "1:05" }, next: { tool: "generate" } }],
  ["ja", "違う場面で3パターン作って", { prompt: "違う場面で3パターン作って", frame: { moment: "best", count: 3 }, next: { tool: "pack" } }],
];

const context = (language: Language) => ({ language, imageIds: [], latestBatch: [], attachmentIds: [] });

describe("video phrases", () => {
  it.each(cases)("(%s) %s", (language, message, expected) => {
    expect(readVideoRequest(message, language)).toEqual(expected);
    expect(readIntent(message, context(language))).toMatchObject({ kind: "video" });
  });

  it("leaves a thumbnail for a video about something, and a swap into a photo, as they were", () => {
    expect(readVideoRequest("make a thumbnail for my video about cooking", "en")).toBeUndefined();
    expect(readIntent("make a thumbnail for my video about cooking", context("en")).kind).toBe("generate");
    expect(readVideoRequest("mets @alex dans cette image", "fr")).toBeUndefined();
    expect(readVideoRequest("setze @alex in dieses Bild", "de")).toBeUndefined();
  });

  it("keeps a quoted headline for the thumbnail made from the frame", () => {
    expect(readVideoRequest("use the frame at 0:42 with 'I QUIT'", "en")).toMatchObject({ frame: { moment: "0:42" }, headline: "I QUIT" });
  });
});

// "Make @me from this frame": a persona of the frame's subject, in the six languages.
const personaCases: [Language, string, string | undefined, string | undefined][] = [
  ["en", "make @me from this frame", "best", "me"],
  ["en", "cut me out of this frame as @me", "best", "me"],
  ["en", "make a persona from the frame at 1:05", "1:05", undefined],
  ["es", "haz a @me con este fotograma", "best", "me"],
  ["es", "recórtame de este fotograma como @yo", "best", "yo"],
  ["es", "crea una persona del fotograma en 1:05", "1:05", undefined],
  ["fr", "fais @me à partir de ce plan", "best", "me"],
  ["fr", "découpe-moi de ce plan en @moi", "best", "moi"],
  ["fr", "crée un persona du plan à 1:05", "1:05", undefined],
  ["de", "mach @me aus diesem Frame", "best", "me"],
  ["de", "schneide mich aus diesem Frame als @ich aus", "best", "ich"],
  ["de", "erstelle eine Persona aus dem Standbild bei 1:05", "1:05", undefined],
  ["zh", "用这个画面做 @me", "best", "me"],
  ["zh", "把我从这个画面抠出来做成 @me", "best", "me"],
  ["zh", "用 1:05 的画面做一个人设", "1:05", undefined],
  ["ja", "このフレームから @me を作って", "best", "me"],
  ["ja", "このフレームから私を切り抜いて @me にして", "best", "me"],
  ["ja", "1:05 のフレームからペルソナを作って", "1:05", undefined],
];

describe("a persona from a frame", () => {
  it.each(personaCases)("(%s) %s", (language, message, moment, handle) => {
    expect(readVideoRequest(message, language)).toMatchObject({ frame: { moment }, next: handle ? { tool: "persona", handle } : { tool: "persona" } });
    expect(readIntent(message, context(language))).toMatchObject({ kind: "video" });
  });

  it("leaves a swap into the frame and a thumbnail with a persona as they were", () => {
    expect(readVideoRequest("swap @me into this frame", "en")?.next).toEqual({ tool: "swap", handle: "me" });
    expect(readVideoRequest("make a thumbnail with @me from this frame", "en")?.next).toEqual({ tool: "generate" });
    expect(readVideoRequest("make a thumbnail from the best moment of my video", "en")?.next).toEqual({ tool: "generate" });
  });
});

describe("what is said at a moment", () => {
  it.each([
    ["en", "what do I say at 2:31?"],
    ["es", "¿qué digo en 2:31?"],
    ["fr", "qu'est-ce que je dis à 2:31 ?"],
    ["de", "was sage ich bei 2:31?"],
    ["zh", "我在 2:31 说了什么？"],
    ["ja", "2:31 で何て言ってる？"],
  ] as [Language, string][])("(%s) %s", (language, message) => {
    expect(readSpokenRequest(message)).toEqual({ at: "2:31" });
    expect(readIntent(message, context(language))).toEqual({ kind: "spoken", input: { at: "2:31" } });
  });

  it("needs a time", () => {
    expect(readSpokenRequest("what do I say in this video?")).toBeUndefined();
  });
});

describe("a video's name as the thumbnail's headline", () => {
  it("reads a name of words, and leaves a camera's file name alone", () => {
    expect(headlineOfName("my_trip-to japan.mp4")).toBe("my trip to japan");
    expect(headlineOfName("IMG_1234.MOV")).toBeUndefined();
    expect(headlineOfName("v0.mp4")).toBeUndefined();
    expect(headlineOfName("PXL_20261127_101010.mp4")).toBeUndefined();
  });
});

describe("a video sent alone (the composer's words, web/locales/*/videos.json composer.message)", () => {
  const alone: [Language, string][] = [
    ["en", "Find the best frames of my video v0.mp4"],
    ["es", "Encuentra los mejores fotogramas de mi vídeo v0.mp4"],
    ["fr", "Trouve les meilleures images de ma vidéo v0.mp4"],
    ["de", "Finde die besten Bilder meines Videos v0.mp4"],
    ["zh", "找出我的视频 v0.mp4 中最好的画面"],
    ["ja", "動画 v0.mp4 のベストフレームを見つけて"],
  ];
  it.each(alone)("(%s) takes the best frame and makes nothing from it", (language, message) => {
    expect(readVideoRequest(message, language)).toMatchObject({ frame: { moment: "best" }, next: { tool: "none" } });
  });

  it("still makes a thumbnail when one is asked for", () => {
    expect(readVideoRequest("find the best frames of my video and make a thumbnail", "en")?.next).toEqual({ tool: "generate" });
  });
});
