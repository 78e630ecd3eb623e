import { describe, expect, it } from "vitest";
import { readIntent } from "./intent.ts";
import { readTitle } from "./title-words.ts";

const IMAGE = "10000000-0000-4000-8000-000000000001";
const afterImage = { language: "en" as const, imageIds: [IMAGE], latestBatch: [IMAGE], attachmentIds: [] };

describe("readTitle", () => {
  it("takes a labelled title whatever it says, and a sentence's only when quoted or the video is named", () => {
    expect(readTitle("title: I tried 100 days of coding.")).toBe("I tried 100 days of coding");
    expect(readTitle("the title is 'I tried 100 days of coding'")).toBe("I tried 100 days of coding");
    expect(readTitle("the video title is I tried 100 days of coding")).toBe("I tried 100 days of coding");
    expect(readTitle("der Titel ist „100 Tage programmiert“")).toBe("100 Tage programmiert");
    expect(readTitle("タイトルは「100日間プログラミング」です")).toBe("100日間プログラミング");
  });

  it("leaves the headline's own words alone: sizes, colours, places and text of the picture", () => {
    for (const edit of ["title is way too big", "the title is too long", "el título es demasiado grande", "der Titel ist zu groß", "タイトルは大きく", "change the title color to #ff00ff", "i want the title in the center"]) {
      expect(readTitle(edit), edit).toBeUndefined();
    }
  });

  it("asks French and Chinese to name the video, since their word for title is the headline's", () => {
    expect(readTitle("titre : J'ai codé 100 jours")).toBeUndefined();
    expect(readTitle("标题：我用100天学会了编程")).toBeUndefined();
    expect(readTitle("titre de la vidéo : J'ai codé 100 jours")).toBe("J'ai codé 100 jours");
    expect(readTitle("视频标题：我用100天学会了编程")).toBe("我用100天学会了编程");
  });
});

describe("the title intent", () => {
  it("gives the current image its title once there is one, and before any image reads the words as before", () => {
    expect(readIntent("title: I tried 100 days of coding", afterImage)).toEqual({ kind: "title", input: { title: "I tried 100 days of coding" } });
    expect(readIntent("title: I tried 100 days of coding", { ...afterImage, imageIds: [], latestBatch: [] }).kind).not.toBe("title");
  });

  it("keeps a quoted headline alone an edit of the picture's words", () => {
    expect(readIntent("'NEVER AGAIN'", afterImage)).toMatchObject({ kind: "edit", input: { headline: "NEVER AGAIN" } });
    expect(readIntent("headline: NEVER AGAIN", afterImage)).toMatchObject({ kind: "edit", input: { headline: "NEVER AGAIN" } });
  });
});
