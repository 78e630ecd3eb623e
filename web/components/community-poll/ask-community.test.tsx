import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { englishI18n } from "../../testing/english-i18n.ts";
import { INVITE, listAnswer, PACK, PackPolls, poll, renderWithPolls, stubApi } from "./testing.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("AskCommunity", () => {
  it("is not offered when the server has no Discord channel for polls", async () => {
    const seen = stubApi(() => Response.json(listAnswer({ canPost: false, cannotPostReason: "not_configured" })));
    renderWithPolls(<PackPolls />, i18n);
    await waitFor(() => expect(seen).toHaveLength(1));
    await settle();
    expect(screen.queryByTestId("poll-ask")).toBeNull();
    expect(screen.queryByTestId("poll-link-hint")).toBeNull();
  });

  it("an account not linked to Discord gets the hint how to link instead", async () => {
    stubApi(() => Response.json(listAnswer({ canPost: false, cannotPostReason: "not_linked" })));
    renderWithPolls(<PackPolls />, i18n);
    const hint = await screen.findByTestId("poll-link-hint");
    expect(hint.textContent).toBe("Want the Discord community to vote? Link your account: type /link in our Discord server.");
    expect(screen.getByRole("link", { name: "our Discord server" }).getAttribute("href")).toBe(INVITE);
    expect(screen.queryByTestId("poll-ask")).toBeNull();
  });

  it("posts the pack with the hours chosen and an Idempotency-Key; the poll shows as posting at once", async () => {
    const posted = poll({ status: "posting", messageUrl: null, closesAt: new Date(Date.now() + 72 * 3_600_000).toISOString() });
    const seen = stubApi(({ method }) => (method === "POST" ? Response.json({ poll: posted }, { status: 201 }) : Response.json(listAnswer())));
    renderWithPolls(<PackPolls />, i18n);
    fireEvent.click(await screen.findByRole("button", { name: "Ask the community" }));
    const dialog = await screen.findByRole("dialog", { name: "Ask the community" });
    expect(dialog.textContent).toContain("Members vote A, B or C");
    // A day by default; each choice is a radio named by its words.
    expect((screen.getByRole("radio", { name: "24 hours" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("group", { name: "Voting closes after" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "3 days" }));
    fireEvent.click(screen.getByRole("button", { name: "Post to Discord" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const post = seen.find((request) => request.method === "POST");
    expect(post).toMatchObject({ url: "/api/community-polls", body: { kind: "pack", targetId: PACK, hours: 72 } });
    expect(post?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{32}$/);
    expect((await screen.findByTestId("poll-status")).textContent).toBe("Posting to Discord…");
    expect(screen.queryByTestId("poll-ask")).toBeNull();
    // The button that posted is gone: focus goes to the poll, which says it was sent.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("poll-panel")));
    expect(screen.getByTestId("poll-announcement").textContent).toBe("Sent to Discord: the poll appears in the feedback channel in a moment.");
  });

  it("a refused post says why in the reader's words and keeps the dialog open; a second click sends a new key", async () => {
    let answer = Response.json({ error: "not ready", code: "conflict:pack_not_ready" }, { status: 409 });
    const seen = stubApi(({ method }) => (method === "POST" ? answer : Response.json(listAnswer())));
    renderWithPolls(<PackPolls />, i18n);
    fireEvent.click(await screen.findByRole("button", { name: "Ask the community" }));
    fireEvent.click(await screen.findByRole("button", { name: "Post to Discord" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wait until every image is finished, then ask again.");
    expect(screen.queryByTestId("poll-panel")).toBeNull();
    expect(screen.getByRole("dialog")).toBeTruthy();
    answer = Response.json({ error: "odd", code: "internal:unexpected" }, { status: 500 });
    fireEvent.click(screen.getByRole("button", { name: "Post to Discord" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("That did not work. Please try again."));
    const keys = seen.filter((request) => request.method === "POST").map((request) => request.headers["Idempotency-Key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it.each([
    [409, "conflict:discord_not_linked", "Link your Discord account first: type /link in our Discord server, then post again."],
    [503, "unavailable:discord_feedback", "Community polls are not set up on this server yet, so nothing was posted."],
    [422, "unprocessable:community_poll_images", "A poll needs two or three of your finished images. Pick two or three that are done, then ask again."],
    [429, "rate_limited:community-poll", "You have posted many polls this hour. Please try again later."],
  ])("a post refused with %i %s says so in the reader's words", async (status, code, sentence) => {
    stubApi(({ method }) => (method === "POST" ? Response.json({ error: "refused", code }, { status }) : Response.json(listAnswer())));
    renderWithPolls(<PackPolls />, i18n);
    fireEvent.click(await screen.findByRole("button", { name: "Ask the community" }));
    fireEvent.click(await screen.findByRole("button", { name: "Post to Discord" }));
    // A 503 is sent twice more with the same key (1 s, then 2 s later) before its sentence shows.
    expect((await screen.findByRole("alert", {}, { timeout: status === 503 ? 5000 : 1000 })).textContent).toBe(sentence);
  });

  it("in French, a member not linked to Discord is told to link, addressed as vous", async () => {
    i18n.addResourceBundle("fr", "app", JSON.parse(readFileSync(join(process.cwd(), "web/locales/fr/app.json"), "utf8")));
    await i18n.changeLanguage("fr");
    try {
      stubApi(({ method }) => (method === "POST" ? Response.json({ error: "refused", code: "conflict:discord_not_linked" }, { status: 409 }) : Response.json(listAnswer())));
      renderWithPolls(<PackPolls />, i18n);
      fireEvent.click(await screen.findByRole("button", { name: i18n.t("app:poll.ask.open") }));
      fireEvent.click(await screen.findByRole("button", { name: i18n.t("app:poll.ask.post") }));
      expect((await screen.findByRole("alert")).textContent).toBe("Liez d'abord votre compte Discord : tapez /link sur notre serveur Discord, puis publiez à nouveau.");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("in German: the action, the dialog and the hint are translated", async () => {
    i18n.addResourceBundle("de", "app", JSON.parse(readFileSync(join(process.cwd(), "web/locales/de/app.json"), "utf8")));
    await i18n.changeLanguage("de");
    try {
      stubApi(() => Response.json(listAnswer()));
      renderWithPolls(<PackPolls />, i18n);
      fireEvent.click(await screen.findByRole("button", { name: "Community fragen" }));
      expect(await screen.findByRole("radio", { name: "3 Tagen" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "In Discord posten" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
