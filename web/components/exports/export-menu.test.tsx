import { readFileSync } from "node:fs";
import { join } from "node:path";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ExportsResponse } from "../../../contract/exports.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { ExportMenu } from "./export-menu.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const option = (kind: ExportsResponse["exports"][number]["kind"], width: number, height: number, reason: "no_scene" | null = null) => ({
  kind,
  available: reason === null,
  reason,
  width,
  height,
  fileName: `100-days-of-coding-${width}x${height}.${kind === "youtube" ? "jpg" : "png"}`,
});

const studio: ExportsResponse = {
  exports: [option("youtube", 1280, 720), option("master", 3840, 2160), option("9x16", 1080, 1920), option("1x1", 1080, 1080), option("16x9", 1280, 720)],
  zipName: "100-days-of-coding-exports.zip",
};
const upload: ExportsResponse = {
  exports: [option("youtube", 1280, 720), option("master", 3840, 2160, "no_scene"), option("9x16", 1080, 1920, "no_scene"), option("1x1", 1080, 1080, "no_scene"), option("16x9", 1280, 720, "no_scene")],
  zipName: "photo-exports.zip",
};

/** The API: the exports' list, and each download as a file named the way the server names it. */
function serve(body: ExportsResponse) {
  const fetch = vi.fn(async (url: string) => {
    if (url.endsWith("/exports")) return Response.json(body);
    return new Response(new Blob(["bytes"]), { headers: { "content-disposition": `attachment; filename="x.bin"; filename*=UTF-8''${encodeURIComponent("我用了100天-1280x720.jpg")}` } });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

async function renderMenu() {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ExportMenu imageId="img-1" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await settle();
  await settle();
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("ExportMenu", () => {
  it("offers YouTube, the TV master, Shorts, square and the zip for a Studio image", async () => {
    serve(studio);
    await renderMenu();
    for (const name of ["YouTube (under 2 MB)", "TV master 4K", "Shorts 9:16", "Square 1:1", "All as zip"]) expect(button(name).disabled).toBe(false);
    expect(button("TV master 4K").title).toBe("3840×2160");
    expect(screen.queryByTestId("export-note")).toBeNull();
  });

  it("downloads an export under the UTF-8 name the server gives it", async () => {
    const fetch = serve(studio);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    await renderMenu();
    fireEvent.click(button("TV master 4K"));
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledWith("/api/images/img-1/export/master", expect.anything());
    fireEvent.click(button("All as zip"));
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledWith("/api/images/img-1/export.zip", expect.anything());
    expect(saved).toEqual(["我用了100天-1280x720.jpg", "我用了100天-1280x720.jpg"]);
  });

  it("offers no master for a picture without a scene, and says why", async () => {
    serve(upload);
    await renderMenu();
    expect(button("YouTube (under 2 MB)").disabled).toBe(false);
    for (const name of ["TV master 4K", "Shorts 9:16", "Square 1:1"]) expect(button(name).disabled).toBe(true);
    expect(screen.getByTestId("export-note").textContent).toContain("this picture has none");
    expect(button("All as zip").disabled).toBe(false);
  });

  // The server's sentences are English: the menu words each refusal by its code, in the user's language.
  const refusals: [string, () => Response | Promise<Response>, string][] = [
    ["the editor is busy", () => Response.json({ error: "Server says: busy", code: "unavailable:editor_busy" }, { status: 503 }), "The editor is busy. Try again in a moment."],
    ["too many exports", () => Response.json({ error: "Server says: slow down", code: "rate_limited:export" }, { status: 429 }), "You have made many exports this hour. Try again later."],
    [
      "a picture from an image model",
      () => Response.json({ error: "Server says: no scene", code: "unprocessable:no_scene", issues: [{ path: "kind", message: "model_picture" }] }, { status: 422 }),
      "The 4K master and the other frames are drawn again from a Studio scene. This picture came from an image model, so they would only enlarge or crop it: they are not offered.",
    ],
    [
      "a persona deleted since the list was read",
      () => Response.json({ error: "Server says: parts gone", code: "unprocessable:no_scene", issues: [{ path: "kind", message: "parts_missing" }] }, { status: 422 }),
      "The 4K master and the other frames need the persona and photo this picture was drawn with, and one of them has since been deleted.",
    ],
    ["no scene, with no reason given", () => Response.json({ error: "Server says: no scene", code: "unprocessable:no_scene" }, { status: 422 }), "this picture has none"],
    ["an image not finished", () => Response.json({ error: "Server says: not ready", code: "unprocessable:image" }, { status: 422 }), "Only a finished image can be exported."],
    ["the connection dropping", () => Promise.reject(new TypeError("Failed to fetch")), "The export could not be downloaded: check your connection and try again."],
    ["anything else", () => Response.json({ error: "Server says: boom", code: "internal:unexpected" }, { status: 500 }), "The export could not be made."],
  ];

  it.each(refusals)("says why an export failed in the user's words, not the server's: %s", async (_, answer, sentence) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.endsWith("/exports") ? Response.json(studio) : answer())),
    );
    await renderMenu();
    fireEvent.click(button("Square 1:1"));
    await settle();
    await settle();
    expect(screen.getByRole("alert").textContent).toContain(sentence);
    expect(screen.getByRole("alert").textContent).not.toContain("Server says");
  });

  it("says it in the user's language", async () => {
    i18n.addResourceBundle("de", "app", JSON.parse(readFileSync(join(process.cwd(), "web/locales/de/app.json"), "utf8")));
    await i18n.changeLanguage("de");
    try {
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string) =>
          url.endsWith("/exports") ? Response.json(studio) : Response.json({ error: "The editor is busy. Try again in a moment.", code: "unavailable:editor_busy" }, { status: 503 }),
        ),
      );
      await renderMenu();
      fireEvent.click(screen.getByRole("button", { name: "Quadrat 1:1" }));
      await settle();
      await settle();
      expect(screen.getByRole("alert").textContent).toBe("Der Editor ist ausgelastet. Versuch es gleich noch einmal.");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
