import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import { authAtom } from "../../lib/auth-state.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { FeedPreviewButton } from "./feed-preview-dialog.tsx";
import type { Pixels } from "./legibility.ts";
import { drawHeadline, solid } from "../../testing/pixel-fixtures.ts";
import { feedSceneKey } from "./use-feed-data.ts";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const ready = (id: string, prompt: string): ImageRecord =>
  imageRecord(id, {
    status: "ready",
    prompt,
    urls: { original: `/api/images/${id}/original`, preview: `/api/images/${id}/preview`, thumb: `/api/images/${id}/thumb`, download: `/api/images/${id}/original?download=1` },
  });

const mine = ready("img-1", 'cartoon thumbnail "10 SECRET TIPS" a surprised chef');
const gallery = [mine, ready("img-2", "a jazz poster"), imageRecord("img-3", { status: "pending" }), ready("img-4", '"LOST IN LISBON" vlog'), ready("img-5", "a tech desk"), ready("img-6", "too many")];

const legible = () => drawHeadline(solid(1280, 720, [12, 12, 16]), { x: 80, y: 260, cap: 160, letters: 8, colour: [255, 255, 255] });
const illegible = () => drawHeadline(solid(1280, 720, [110, 110, 110]), { x: 80, y: 260, cap: 160, letters: 8, colour: [150, 150, 150] });

function renderPreview(ui: ReactNode, { scene = null as Record<string, unknown> | null } = {}) {
  const client = createQueryClient();
  client.setQueryData(feedSceneKey(mine.id), { scene });
  const store = createStore();
  store.set(authAtom, { status: "authenticated", user: { id: "user-1", email: "maker@example.com" } });
  return render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
}

async function open(reader: () => Pixels = legible, options: { scene?: Record<string, unknown> | null; others?: readonly ImageRecord[] | null; image?: ImageRecord } = {}) {
  const readPixels = vi.fn(async () => reader());
  const others = options.others === null ? undefined : (options.others ?? gallery);
  renderPreview(<FeedPreviewButton image={options.image ?? mine} others={others} readPixels={readPixels} />, { scene: options.scene ?? null });
  fireEvent.click(screen.getByRole("button", { name: "Preview in feed" }));
  await settle();
  await settle();
  return { dialog: screen.getByRole("dialog", { name: "Preview in feed" }), readPixels };
}

const layoutOf = () => screen.getByTestId("feed-layout");

describe("FeedPreviewButton", () => {
  it("renders nothing for an image that is not ready", () => {
    renderPreview(<FeedPreviewButton image={imageRecord("x", { status: "running" })} />);
    expect(screen.queryByRole("button", { name: "Preview in feed" })).toBeNull();
  });

  it("opens the home grid on desktop in YouTube's dark look, the thumbnail first and three newest ready gallery images beside it", async () => {
    const { dialog } = await open();
    expect(layoutOf().dataset).toMatchObject({ layout: "home", device: "desktop" });
    expect(screen.getByTestId("feed-stage").dataset.look).toBe("dark");
    const titles = within(layoutOf()).getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent);
    expect(titles).toEqual(["10 SECRET TIPS", "a jazz poster", "LOST IN LISBON", "a tech desk"]);
    // The others are labelled as the user's own images, never as someone's channel; only the thumbnail has a length.
    expect(within(layoutOf()).getAllByText("From your gallery")).toHaveLength(3);
    expect(within(layoutOf()).getAllByTestId("feed-duration").map((badge) => badge.textContent)).toEqual(["10:24"]);
    expect(within(dialog).getByTestId("feed-note").textContent).toContain("other 3 videos are images from your gallery");
  });

  it("switches between the three layouts with the tabs, and to mobile sizes", async () => {
    await open();
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Search" }), { button: 0 });
    expect(layoutOf().dataset.layout).toBe("search");
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Up next" }), { button: 0 });
    expect(layoutOf().dataset.layout).toBe("upNext");
    // The up-next list draws the thumbnail at YouTube's smallest size.
    expect(screen.getByTestId("feed-upnext-thumb").className).toMatch(/h-\[94px\] w-\[168px\]/);
    const mobile = within(screen.getByTestId("feed-device")).getByRole("button", { name: "Mobile" });
    expect(mobile.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(mobile);
    expect(mobile.getAttribute("aria-pressed")).toBe("true");
    expect(layoutOf().dataset).toMatchObject({ layout: "upNext", device: "mobile" });
  });

  it("opens on the phone feed on a phone-sized screen", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(max-width: 639px)" }));
    await open();
    expect(layoutOf().dataset).toMatchObject({ layout: "home", device: "mobile" });
  });

  it("toggles YouTube's dark and light looks whatever the app's theme", async () => {
    await open();
    const stage = () => screen.getByTestId("feed-stage");
    expect(stage().style.getPropertyValue("--yt-bg")).toBe("#0f0f0f");
    fireEvent.click(within(screen.getByTestId("feed-look")).getByRole("button", { name: "Light" }));
    expect(stage().dataset.look).toBe("light");
    expect(stage().style.getPropertyValue("--yt-bg")).toBe("#ffffff");
    expect(stage().style.getPropertyValue("--yt-muted")).toBe("#606060");
  });

  it("edits the title, channel and length shown on the card; a malformed length is refused", async () => {
    await open();
    const title = screen.getByLabelText("Video title") as HTMLInputElement;
    expect(title.value).toBe("10 SECRET TIPS");
    fireEvent.change(title, { target: { value: "I tried every secret tip" } });
    expect(screen.getByTestId("feed-title").textContent).toBe("I tried every secret tip");
    const channel = screen.getByLabelText("Channel") as HTMLInputElement;
    expect(channel.value).toBe("maker");
    fireEvent.change(channel, { target: { value: "Maker Kitchen" } });
    expect(screen.getByTestId("feed-channel").textContent).toBe("Maker Kitchen");
    const duration = screen.getByLabelText("Duration");
    fireEvent.change(duration, { target: { value: "7:5" } });
    expect(duration.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Write the length as m:ss or h:mm:ss, like 10:24.")).toBeTruthy();
    expect(within(layoutOf()).getByTestId("feed-duration").textContent).toBe("10:24");
    fireEvent.change(duration, { target: { value: "1:07:05" } });
    expect(within(layoutOf()).getByTestId("feed-duration").textContent).toBe("1:07:05");
    expect(screen.getByTestId("feed-smallest").textContent).toBe("1:07:05");
  });
});

describe("the 168×94 verdict", () => {
  it("calls a big white headline on black readable, from the pixels, and says so", async () => {
    const { readPixels } = await open(legible);
    expect(readPixels).toHaveBeenCalledWith("/api/images/img-1/preview", expect.any(AbortSignal));
    const verdict = screen.getByTestId("feed-verdict");
    expect(verdict.dataset).toMatchObject({ level: "good", basis: "pixels" });
    expect(within(verdict).getByRole("status").textContent).toBe("Readable at 168×94");
    expect(verdict.textContent).toMatch(/Contrast: \d+(\.\d)?:1/);
    expect(verdict.textContent).toContain("Based on the image's pixels shrunk to 168×94");
  });

  it("calls grey text on grey not readable", async () => {
    await open(illegible);
    const verdict = screen.getByTestId("feed-verdict");
    expect(verdict.dataset.level).toBe("poor");
    expect(within(verdict).getByRole("status").textContent).toBe("Not readable at 168×94");
  });

  it("shows the thumbnail at exactly 168×94", async () => {
    await open();
    const frame = screen.getByRole("img", { name: /168×94 pixels/ });
    expect([frame.style.width, frame.style.height]).toEqual(["168px", "94px"]);
  });

  it("uses a Studio scene's headline when the record has one, without reading pixels", async () => {
    const scene = { width: 1280, height: 720, text: [{ text: "BUILD IT FAST", face: "anton", script: "latin", size: 120, contrast: 2.4 }] };
    const { readPixels } = await open(legible, { scene });
    const verdict = screen.getByTestId("feed-verdict");
    expect(verdict.dataset).toMatchObject({ level: "poor", basis: "scene" });
    expect(verdict.textContent).toContain("Headline height: 13.5 px (aim for 8 px or more)");
    expect(verdict.textContent).toContain("Contrast: 2.4:1 (aim for 4.5:1 or more)");
    expect(verdict.textContent).toContain("Based on the Studio headline layer");
    expect(readPixels).not.toHaveBeenCalled();
    // The scene's headline is the title's default.
    expect((screen.getByLabelText("Video title") as HTMLInputElement).value).toBe("BUILD IT FAST");
  });
});

describe("the gallery beside it", () => {
  it("fetches the newest page of the gallery when the caller holds none", async () => {
    const fetch = vi.fn(async () => Response.json({ images: gallery.slice(0, 2), nextCursor: null }));
    vi.stubGlobal("fetch", fetch);
    await open(legible, { others: null });
    await settle();
    expect(fetch).toHaveBeenCalledWith("/api/users/user-1/gallery?limit=12", expect.anything());
    const titles = within(layoutOf()).getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent);
    expect(titles).toEqual(["10 SECRET TIPS", "a jazz poster"]);
  });

  it("shows the thumbnail alone, and says why, when the gallery has nothing else", async () => {
    await open(legible, { others: [mine] });
    expect(within(layoutOf()).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByTestId("feed-note").textContent).toContain("no other finished images yet");
  });
});

describe("the video's title", () => {
  const titled = { ...mine, title: "I tried every secret tip in 10 days" };

  it("shows the title saved with the image on the card and in the field, and the gallery's own titles beside it", async () => {
    await open(legible, { image: titled, others: [titled, { ...gallery[1]!, title: "My jazz night" }] });
    expect(screen.getByTestId("feed-title").textContent).toBe("I tried every secret tip in 10 days");
    expect((screen.getByLabelText("Video title") as HTMLInputElement).value).toBe("I tried every secret tip in 10 days");
    expect(screen.getByTestId("video-title-state").textContent).toBe("Saved with the image.");
    const titles = within(layoutOf()).getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent);
    expect(titles).toEqual(["I tried every secret tip in 10 days", "My jazz night"]);
  });

  it("saves the typed title with the image, trimmed, and then calls it saved", async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => Response.json({ image: { ...mine, title: JSON.parse(String(init?.body)).title } }));
    vi.stubGlobal("fetch", fetch);
    await open();
    const save = screen.getByTestId("video-title-save") as HTMLButtonElement;
    // The suggested title is not saved yet: Save would store it as it reads.
    expect(screen.getByTestId("video-title-state").textContent).toBe("14/100 characters · not saved yet");
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText("Video title"), { target: { value: "  I tried 10 secret tips  " } });
    expect(screen.getByTestId("feed-title").textContent).toBe("  I tried 10 secret tips  ");
    expect(screen.getByTestId("video-title-state").textContent).toBe("22/100 characters · not saved yet");
    fireEvent.click(save);
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledWith("/api/images/img-1/title", expect.objectContaining({ method: "PUT", body: JSON.stringify({ title: "I tried 10 secret tips" }) }));
    expect(screen.getByTestId("video-title-state").textContent).toBe("Saved with the image.");
  });

  it("refuses a title over 100 characters with the reason before sending it, and says the server's reason too", async () => {
    const fetch = vi.fn(async () => Response.json({ code: "unprocessable:title_too_long", error: "Titles are at most 100 characters — YouTube cuts the rest." }, { status: 422 }));
    vi.stubGlobal("fetch", fetch);
    await open();
    const input = screen.getByLabelText("Video title");
    fireEvent.change(input, { target: { value: "a".repeat(101) } });
    expect(screen.getByText("Titles are at most 100 characters — YouTube cuts the rest.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByTestId("video-title-save") as HTMLButtonElement).disabled).toBe(true);
    // 100 emoji are 100 characters, as YouTube counts them: allowed here; the server's refusal is translated by its code.
    fireEvent.change(input, { target: { value: "🔥".repeat(100) } });
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(screen.getByTestId("video-title-save"));
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Titles are at most 100 characters — YouTube cuts the rest.")).toBeTruthy();
  });

  it("cuts the title at YouTube's lines for each place, with CSS line-clamp and its ellipsis", async () => {
    await open(legible, { image: titled });
    const clamp = () => {
      const title = screen.getByTestId("feed-title");
      return [title.dataset.lines, title.className.match(/line-clamp-\d/)?.[0]];
    };
    const place = (layout: string) => fireEvent.mouseDown(screen.getByRole("tab", { name: layout }), { button: 0 });
    const device = (name: string) => fireEvent.click(within(screen.getByTestId("feed-device")).getByRole("button", { name }));
    expect(clamp()).toEqual(["2", "line-clamp-2"]);
    place("Search");
    expect(clamp()).toEqual(["2", "line-clamp-2"]);
    // Desktop search sets the title larger than the other places.
    expect(screen.getByTestId("feed-title").className).toContain("text-lg");
    place("Up next");
    expect(clamp()).toEqual(["2", "line-clamp-2"]);
    device("Mobile");
    expect(clamp()).toEqual(["2", "line-clamp-2"]);
    place("Search");
    expect(clamp()).toEqual(["3", "line-clamp-3"]);
    place("Home");
    expect(clamp()).toEqual(["2", "line-clamp-2"]);
    // The whole title stays readable on hover, as YouTube's own tooltip gives it.
    expect(screen.getByTestId("feed-title").getAttribute("title")).toBe("I tried every secret tip in 10 days");
  });
});
