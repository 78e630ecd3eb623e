import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { type ReactNode, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FeedCheck, feedCheckSchema, type FeedSizeResult } from "../../../contract/feed-check.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../../contract/idempotency.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { VideoTitleField } from "../feed-preview/video-title-field.tsx";
import { FeedCheckPanel } from "./feed-check-panel.tsx";
import { FeedCheckVerdict } from "./feed-check-verdict.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const urls = (id: string) => ({ original: `/api/images/${id}/original`, preview: `/api/images/${id}/preview`, thumb: `/api/images/${id}/thumb`, download: `/api/images/${id}/original?download=1` });
const image = imageRecord("img-1", { status: "ready", prompt: '"I TRIED 100 DAYS OF CODING"', urls: urls("img-1") }) as ImageRecord & { urls: NonNullable<ImageRecord["urls"]> };
const fixedImage = imageRecord("img-2", { status: "pending", parentId: "img-1", kind: "edited" });

function result(size: FeedSizeResult["size"], theme: FeedSizeResult["theme"], width: number, height: number, reads: boolean, readBack: string | null): FeedSizeResult {
  return { size, theme, width, height, verdict: reads ? "pass" : "fail", reads, readBack, distance: readBack === null ? null : reads ? 0 : 0.35, capHeight: (height / 94) * 5.2, contrast: 6.4 };
}

/** A check as the server answers it (contract/feed-check.ts): the smallest phone size fails, with two fixes and one piece of advice. */
const failing: FeedCheck = feedCheckSchema.parse({
  imageId: "img-1",
  headline: "I TRIED 100 DAYS OF CODING",
  title: null,
  method: "ocr",
  ocrLanguage: "eng",
  readsOnPhones: false,
  sizes: [
    result("desktop-home", "dark", 360, 202, true, "I TRIED 100 DAYS OF CODING"),
    result("desktop-home", "light", 360, 202, true, "I TRIED 100 DAYS OF CODING"),
    result("mobile-search", "dark", 168, 94, false, "I TRED 1OO DAYS"),
    result("mobile-search", "light", 168, 94, false, "I TRED"),
    result("tv", "dark", 427, 240, true, "I TRIED 100 DAYS OF CODING"),
    result("tv", "light", 427, 240, true, "I TRIED 100 DAYS OF CODING"),
  ],
  findings: [
    { id: "small-headline", severity: "fail", sizes: ["mobile-search", "desktop-up-next"], details: { capHeight: 5.2 }, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } },
    { id: "repeats-title", severity: "warn", sizes: [], details: { hook: "DAY 100 BROKE ME" }, fix: { id: "new-hook", changes: { headline: "DAY 100 BROKE ME" } } },
    { id: "small-subject", severity: "warn", sizes: ["mobile-search"], details: { share: 0.04 }, fix: null },
  ],
  checkedAt: "2026-11-27T08:00:00.000Z",
});
const passing: FeedCheck = { ...failing, readsOnPhones: true, sizes: failing.sizes.map((s) => ({ ...s, reads: true, verdict: "pass" })), findings: [] };
/** Nothing read the words (contract/feed-check.ts, method "none"): no size is said to read, nor not to. */
const unchecked = (headline: string | null): FeedCheck => ({
  ...passing,
  headline,
  method: "none",
  ocrLanguage: null,
  readsOnPhones: false,
  sizes: passing.sizes.map((s) => ({ ...s, reads: false, readBack: null, distance: null, capHeight: null, contrast: null })),
});

type Route = (init: RequestInit | undefined) => Response;

/** The API at the wire: each path's answer, and every request made. */
function serve(routes: Record<string, Route>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? "GET"} ${String(url)}`];
    return route ? route(init) : new Response(JSON.stringify({ error: "Not found", code: "not_found:route" }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderWith(ui: ReactNode) {
  const client = createQueryClient();
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

describe("the chat card's feed check verdict", () => {
  it("says what fails on a phone, asking for the check once per image however many cards show it", async () => {
    const fetch = serve({ "POST /api/images/img-1/check": json({ check: failing }) });
    renderWith(
      <>
        <FeedCheckVerdict image={image} />
        <FeedCheckVerdict image={image} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId("feed-check-verdict-text").map((line) => line.textContent)).toEqual(["Headline too small at 168×94", "Headline too small at 168×94"]));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole("button", { name: "See the full check" })).toHaveLength(2);
  });

  it("says it reads on phones when every phone size reads", async () => {
    serve({ "POST /api/images/img-1/check": json({ check: passing }) });
    renderWith(<FeedCheckVerdict image={image} />);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Reads on phones ✓");
  });

  it("says the words were not checked when nothing could read them, never that they read", async () => {
    serve({ "POST /api/images/img-1/check": json({ check: unchecked(null) }) });
    renderWith(<FeedCheckVerdict image={image} />);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Words not checked");
    expect(screen.getByRole("status").className).toContain("text-muted");
  });

  it("names a failing finding rather than the unchecked words when there is one", async () => {
    const nearIdentical = { id: "near-identical", severity: "fail", sizes: [], details: {}, fix: null } as const;
    serve({ "POST /api/images/img-1/check": json({ check: { ...unchecked("我用了100天"), findings: [nearIdentical] } }) });
    renderWith(<FeedCheckVerdict image={image} />);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Nearly the same as another of your thumbnails");
  });

  it("asks nothing for an image still being made, and says so plainly when the check fails", async () => {
    const fetch = serve({ "POST /api/images/img-3/check": json({ error: "Internal error", code: "internal:unexpected" }, 500) });
    renderWith(<FeedCheckVerdict image={imageRecord("img-4", { status: "running" })} />);
    expect(screen.queryByTestId("feed-check-verdict")).toBeNull();
    cleanup();
    renderWith(<FeedCheckVerdict image={{ ...image, id: "img-3" }} />);
    expect(await screen.findByText("The feed check could not run.")).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(["/api/images/img-3/check"]);
  });

  it("takes a check it is given instead of asking again (the chat's checkImage answer)", async () => {
    const fetch = serve({});
    renderWith(<FeedCheckVerdict image={image} initial={passing} />);
    expect((await screen.findByTestId("feed-check-verdict-text")).textContent).toBe("Reads on phones ✓");
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the feed check panel", () => {
  it("shows every size in dark and light at its real size, how it was read, the figures and the findings", async () => {
    serve({ "POST /api/images/img-1/check": json({ check: failing }) });
    renderWith(<FeedCheckPanel image={image} />);
    await waitFor(() => expect(screen.getByTestId("feed-check-panel").getAttribute("data-status")).toBe("done"));
    expect(screen.getAllByTestId("feed-check-size").map((row) => row.getAttribute("data-size"))).toEqual(["desktop-home", "mobile-search", "tv"]);
    const cells = screen.getAllByTestId("feed-check-cell");
    expect(cells.map((cell) => `${cell.getAttribute("data-size")}/${cell.getAttribute("data-theme")}/${cell.getAttribute("data-verdict")}`)).toEqual([
      "desktop-home/dark/pass",
      "desktop-home/light/pass",
      "mobile-search/dark/fail",
      "mobile-search/light/fail",
      "tv/dark/pass",
      "tv/light/pass",
    ]);
    const smallest = cells[2] as HTMLElement;
    expect(within(smallest).getByRole("img", { name: "Your thumbnail at Phone search, 168×94, Dark look: Doesn't read" })).toBeTruthy();
    // The preview is the image in a box of exactly that CSS size, with the duration badge drawn over it.
    const box = within(smallest).getByTestId("feed-check-box");
    expect([box.style.width, box.style.aspectRatio]).toEqual(["168px", "168 / 94"]);
    expect(within(smallest).getByTestId("feed-duration").textContent).toBe("10:24");
    expect(within(smallest).getByTestId("feed-check-read-back").textContent).toBe("Read back: I TRED 1OO DAYS · 35% off");
    expect(within(smallest).getByText("Cap height: 5.2 px")).toBeTruthy();
    expect(within(smallest).getByText("Contrast: 6.4:1")).toBeTruthy();
    expect(screen.getByTestId("feed-check-method").textContent).toBe("Read by OCR");

    const findings = screen.getAllByTestId("feed-check-finding");
    expect(findings.map((finding) => finding.getAttribute("data-finding"))).toEqual(["small-headline", "repeats-title", "small-subject"]);
    expect(within(findings[0] as HTMLElement).getByText("Headline too small at 168×94")).toBeTruthy();
    expect(within(findings[0] as HTMLElement).getByRole("button", { name: "Bigger headline" })).toBeTruthy();
    expect(within(findings[1] as HTMLElement).getByRole("button", { name: "Use this hook: DAY 100 BROKE ME" })).toBeTruthy();
    // Advice no scene edit can follow has no button.
    expect(within(findings[2] as HTMLElement).queryByRole("button")).toBeNull();
  });

  it("says the scene was measured when no OCR read it", async () => {
    const scene = { ...passing, method: "scene" as const, ocrLanguage: null, sizes: passing.sizes.map((s) => ({ ...s, readBack: null, distance: null })) };
    serve({ "POST /api/images/img-1/check": json({ check: scene }) });
    renderWith(<FeedCheckPanel image={image} />);
    expect((await screen.findByTestId("feed-check-method")).textContent).toBe("Measured from the scene");
    expect(screen.queryByTestId("feed-check-read-back")).toBeNull();
    expect(screen.getByTestId("feed-check-clean").textContent).toBe("Nothing to fix: it reads at every size.");
  });

  it("says a size that fails with no finding to explain it, instead of calling the image clean", async () => {
    const unexplained = { ...failing, findings: [] };
    serve({ "POST /api/images/img-1/check": json({ check: unexplained }) });
    renderWith(<FeedCheckPanel image={image} />);
    expect((await screen.findByTestId("feed-check-no-finding")).textContent).toBe("No single cause found, but it doesn't read at 168×94.");
    expect(screen.queryByTestId("feed-check-clean")).toBeNull();
    expect(screen.getByTestId("feed-check-summary").textContent).toBe("Doesn't read on phones at 168×94");
  });

  it("says the words were not checked, and why, when no headline is known", async () => {
    serve({ "POST /api/images/img-1/check": json({ check: unchecked(null) }) });
    renderWith(<FeedCheckPanel image={image} />);
    expect((await screen.findByTestId("feed-check-summary")).textContent).toBe("Words not checked");
    expect(screen.getByTestId("feed-check-method").textContent).toBe("Not read back or measured");
    expect(screen.getByTestId("feed-check-unchecked").textContent).toBe("No headline to read back.");
    expect(screen.queryByTestId("feed-check-clean")).toBeNull();
    expect(screen.getByTestId("feed-check-no-finding").textContent).toBe("Nothing else to fix was found, but the words were not checked.");
    // No size is said to read or not: each says it was not checked.
    const cells = screen.getAllByTestId("feed-check-cell");
    expect(cells.map((cell) => within(cell).getByText("Not checked") !== null)).toEqual(cells.map(() => true));
    expect(screen.queryByText("Reads")).toBeNull();
    expect(screen.queryByText("Doesn't read")).toBeNull();
    expect(within(cells[2] as HTMLElement).getByRole("img", { name: "Your thumbnail at Phone search, 168×94, Dark look: Not checked" })).toBeTruthy();
  });

  it("says there was no OCR for the script and no scene to measure for a headline it could not read", async () => {
    serve({ "POST /api/images/img-1/check": json({ check: unchecked("我用了100天学编程") }) });
    renderWith(<FeedCheckPanel image={image} />);
    expect((await screen.findByTestId("feed-check-unchecked")).textContent).toBe("No OCR for this script, and no scene to measure.");
    expect(screen.getByText("Headline checked: 我用了100天学编程")).toBeTruthy();
  });

  it("words the unreadable finding, the subject under the badge, and what a fix costs", async () => {
    const findings = [
      { id: "unreadable", severity: "fail", sizes: ["mobile-search"], details: {}, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } },
      { id: "under-badge", severity: "warn", sizes: ["mobile-search"], details: { what: "subject", overlap: 0.4 }, fix: null },
    ];
    serve({ "POST /api/images/img-1/check": json({ check: feedCheckSchema.parse({ ...failing, findings }) }) });
    renderWith(<FeedCheckPanel image={image} />);
    await waitFor(() => expect(screen.getAllByTestId("feed-check-finding")).toHaveLength(2));
    const lines = () => screen.getAllByTestId("feed-check-finding").map((finding) => finding.querySelector("span")?.textContent);
    expect(lines()).toEqual(["The words don't read at 168×94", "Subject under the duration badge at 168×94"]);
    expect(screen.getByText("A fix is an edit: free when only the headline changes, otherwise priced like any edit.")).toBeTruthy();
    cleanup();
    const text = { id: "under-badge", severity: "warn", sizes: ["desktop-home"], details: { what: "text", overlap: 0.3 }, fix: null };
    serve({ "POST /api/images/img-1/check": json({ check: feedCheckSchema.parse({ ...failing, findings: [text] }) }) });
    renderWith(<FeedCheckPanel image={image} />);
    await waitFor(() => expect(lines()).toEqual(["Text under the duration badge at 360×202"]));
  });

  it("checks again once a new video title is saved (the check compares the headline with it)", async () => {
    let checks = 0;
    const fetch = serve({
      "POST /api/images/img-1/check": () => json({ check: { ...failing, title: checks++ === 0 ? null : "I tried 100 days of coding" } })(),
      "PUT /api/images/img-1/title": (init) => json({ image: { ...image, title: JSON.parse(String(init?.body)).title } })(),
    });
    function TitleAndCheck() {
      const [title, setTitle] = useState("");
      return (
        <>
          <VideoTitleField image={image} value={title} onChange={setTitle} name="title" />
          <FeedCheckPanel image={image} />
        </>
      );
    }
    renderWith(<TitleAndCheck />);
    await waitFor(() => expect(screen.getByTestId("feed-check-panel").getAttribute("data-status")).toBe("done"));
    fireEvent.change(screen.getByLabelText("Video title"), { target: { value: "I tried 100 days of coding" } });
    fireEvent.click(screen.getByTestId("video-title-save"));
    await waitFor(() => expect(checks).toBe(2));
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(["POST /api/images/img-1/check", "PUT /api/images/img-1/title", "POST /api/images/img-1/check"]);
  });

  it("applies a fix as a paid edit and hands over the new image", async () => {
    const fixes: unknown[] = [];
    const fetch = serve({
      "POST /api/images/img-1/check": json({ check: failing }),
      "POST /api/images/img-1/fix": (init) => {
        fixes.push({ body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER) });
        return json({ image: fixedImage }, 202)();
      },
    });
    const onFixed = vi.fn();
    renderWith(<FeedCheckPanel image={image} onFixed={onFixed} />);
    fireEvent.click(await screen.findByRole("button", { name: "Bigger headline" }));
    await waitFor(() => expect(onFixed).toHaveBeenCalledWith(fixedImage));
    expect(fixes).toEqual([{ body: { finding: "small-headline" }, key: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(screen.getByTestId("feed-check-fix-status").textContent).toBe("Fix applied: the new image is on its way.");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("says honestly when a fix would change nothing, and hands over no image", async () => {
    serve({ "POST /api/images/img-1/check": json({ check: failing }), "POST /api/images/img-1/fix": json({ outcome: "no-change" }) });
    const onFixed = vi.fn();
    renderWith(<FeedCheckPanel image={image} onFixed={onFixed} />);
    fireEvent.click(await screen.findByRole("button", { name: "Use this hook: DAY 100 BROKE ME" }));
    await waitFor(() => expect(screen.getByTestId("feed-check-fix-status").textContent).toBe("Nothing to change: this fix would leave the image as it is, so nothing was charged."));
    expect(onFixed).not.toHaveBeenCalled();
  });

  it("words a refused fix for the user and a failed check with a retry", async () => {
    let checks = 0;
    serve({
      "POST /api/images/img-1/check": () => (++checks === 1 ? json({ error: "Internal error", code: "internal:unexpected" }, 500)() : json({ check: failing })()),
      "POST /api/images/img-1/fix": json({ error: "Not enough credits", code: "insufficient_credits:generation" }, 402),
    });
    renderWith(<FeedCheckPanel image={image} />);
    expect(await screen.findByText("The feed check could not run. Try again in a moment.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    fireEvent.click(await screen.findByRole("button", { name: "Bigger headline" }));
    await waitFor(() => expect(screen.getByTestId("feed-check-fix-status").textContent).toMatch(/credits/i));
    expect(screen.getByTestId("feed-check-fix-status").textContent).not.toMatch(/402|insufficient_credits/);
  });
});
