import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { englishI18n } from "../../testing/english-i18n.ts";
import { IMAGE_IDS, listAnswer, PACK, PackPolls, poll, renderWithPolls, stubApi, tally } from "./testing.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const [A, B] = IMAGE_IDS;
const row = (label: string) => screen.getByTestId(`poll-row-${label}`);

describe("CommunityPollPanel", () => {
  it("open: when it closes, each choice's votes as text with their sources, the Discord message, and Close now", async () => {
    const open = poll({ tally: tally([5, 2], [1, 0], [0, 0]), closesAt: new Date(Date.now() + 23 * 3_600_000 + 60_000).toISOString() });
    const seen = stubApi(({ method }) =>
      method === "POST" ? Response.json({ poll: { ...open, status: "closed", closedAt: new Date().toISOString(), winnerImageId: A } }) : Response.json(listAnswer({ polls: [open] })),
    );
    renderWithPolls(<PackPolls />, i18n);
    const panel = await screen.findByTestId("poll-panel");
    expect(seen[0]?.url).toBe(`/api/community-polls?kind=pack&targetId=${PACK}`);
    expect(panel.dataset.status).toBe("open");
    expect(screen.getByTestId("poll-status").textContent).toBe("Open · closes in 23 hours");
    expect(within(row("A")).getByText("7 votes")).toBeTruthy();
    expect(within(row("A")).getByText("Discord 5 · Web 2")).toBeTruthy();
    expect(within(row("B")).getByText("1 vote")).toBeTruthy();
    expect(row("A").dataset.winner).toBe("false");
    const discord = screen.getByRole("link", { name: /Open in Discord/ });
    expect(discord.getAttribute("href")).toBe("https://discord.com/channels/1/2/3");
    expect(discord.getAttribute("target")).toBe("_blank");
    // One poll at a time: no new one is offered while this one takes votes.
    expect(screen.queryByTestId("poll-ask")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Close now" }));
    await waitFor(() => expect(screen.getByTestId("poll-panel").dataset.status).toBe("closed"));
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/api/community-polls/poll-1/close" });
    expect(within(row("A")).getByTestId("poll-winner").textContent).toBe("Winner");
    expect(screen.queryByRole("button", { name: "Close now" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("poll-panel"));
    expect(screen.getByTestId("poll-announcement").textContent).toBe("The poll has closed: A won.");
    // Closed: the creator may ask again.
    expect(screen.getByRole("button", { name: "Ask again" })).toBeTruthy();
  });

  it("posting: says so, with no Discord link or Close now yet", async () => {
    stubApi(() => Response.json(listAnswer({ polls: [poll({ status: "posting", messageUrl: null })] })));
    renderWithPolls(<PackPolls />, i18n);
    expect((await screen.findByTestId("poll-status")).textContent).toBe("Posting to Discord…");
    expect(screen.queryByTestId("poll-discord")).toBeNull();
    expect(screen.queryByRole("button", { name: "Close now" })).toBeNull();
  });

  it("closed with a winner: the winner's row is marked, in words and not by colour alone", async () => {
    stubApi(() => Response.json(listAnswer({ polls: [poll({ status: "closed", closedAt: new Date().toISOString(), tally: tally([2, 0], [4, 3], [1, 1]), winnerImageId: B })] })));
    renderWithPolls(<PackPolls />, i18n);
    expect((await screen.findByTestId("poll-status")).textContent).toBe("Closed");
    expect(row("B").dataset.winner).toBe("true");
    expect(within(row("B")).getByText("Winner")).toBeTruthy();
    expect(within(row("B")).getByText("7 votes")).toBeTruthy();
    expect(screen.getAllByTestId("poll-winner")).toHaveLength(1);
    expect(screen.queryByText("It's a tie.")).toBeNull();
  });

  it("closed on a tie: no winner, and says it was a tie; with no votes at all, says none came", async () => {
    stubApi(() => Response.json(listAnswer({ polls: [poll({ status: "closed", closedAt: new Date().toISOString(), tally: tally([3, 0], [1, 2], [0, 0]) })] })));
    renderWithPolls(<PackPolls />, i18n);
    expect(await screen.findByText("It's a tie.")).toBeTruthy();
    expect(screen.queryByTestId("poll-winner")).toBeNull();
    cleanup();
    stubApi(() => Response.json(listAnswer({ polls: [poll({ status: "closed", closedAt: new Date().toISOString() })] })));
    renderWithPolls(<PackPolls />, i18n);
    expect(await screen.findByText("No votes came in.")).toBeTruthy();
  });

  it("failed: says it could not be posted (Discord's refusal or ours), and Try again posts the same images for as long, with an Idempotency-Key", async () => {
    const failed = poll({ status: "failed", messageUrl: null, closesAt: new Date(Date.now() - 60_000 + 72 * 3_600_000).toISOString() });
    const again = poll({ id: "poll-2", status: "posting", messageUrl: null, createdAt: new Date().toISOString() });
    const seen = stubApi(({ method }) => (method === "POST" ? Response.json({ poll: again }, { status: 201 }) : Response.json(listAnswer({ polls: [failed] }))));
    renderWithPolls(<PackPolls />, i18n);
    expect((await screen.findByTestId("poll-status")).textContent).toBe("Could not be posted");
    expect(screen.getByText("Nothing was posted. You can try again.")).toBeTruthy();
    expect(screen.queryByTestId("poll-ask")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByTestId("poll-panel").dataset.status).toBe("posting"));
    const post = seen.find((request) => request.method === "POST");
    expect(post).toMatchObject({ url: "/api/community-polls", body: { kind: "pack", targetId: PACK, hours: 72 } });
    expect(post?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a failed Close now says why in the reader's words", async () => {
    stubApi(({ method }) =>
      method === "POST" ? Response.json({ error: "This poll does not exist.", code: "not_found:community_poll" }, { status: 404 }) : Response.json(listAnswer({ polls: [poll()] })),
    );
    renderWithPolls(<PackPolls />, i18n);
    fireEvent.click(await screen.findByRole("button", { name: "Close now" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This poll no longer exists: it may have been deleted.");
  });

  it("live: follows community:poll events for its own target (votes, posted, closed) and announces only the changes of status", async () => {
    const posting = poll({ status: "posting", messageUrl: null, tally: tally([0, 1], [0, 0], [0, 0]) });
    stubApi(() => Response.json(listAnswer({ polls: [posting] })));
    const { emit } = renderWithPolls(<PackPolls />, i18n);
    expect(await screen.findByText("Posting to Discord…")).toBeTruthy();
    expect(screen.getByTestId("poll-announcement").textContent).toBe("");

    act(() => emit("community:poll", { poll: { ...posting, status: "open", messageUrl: "https://discord.com/channels/1/2/9" } }));
    await waitFor(() => expect(screen.getByTestId("poll-panel").dataset.status).toBe("open"));
    expect(screen.getByTestId("poll-announcement").textContent).toBe("Your poll is live in Discord.");
    expect(screen.getByTestId("poll-discord").getAttribute("href")).toBe("https://discord.com/channels/1/2/9");

    act(() => emit("community:poll", { poll: { ...posting, status: "open", messageUrl: "https://discord.com/channels/1/2/9", tally: tally([4, 1], [2, 0], [0, 0]) } }));
    await waitFor(() => expect(within(row("A")).getByText("5 votes")).toBeTruthy());
    expect(within(row("A")).getByText("Discord 4 · Web 1")).toBeTruthy();
    // A vote changes the text, not what is announced.
    expect(screen.getByTestId("poll-announcement").textContent).toBe("Your poll is live in Discord.");

    // Another pack's poll is not this card's.
    act(() => emit("community:poll", { poll: { ...posting, id: "other", targetId: "22222222-2222-4222-8222-222222222222", status: "closed", tally: tally([9, 9], [0, 0], [0, 0]) } }));
    expect(within(row("A")).getByText("5 votes")).toBeTruthy();
    // A payload that does not match the contract is dropped.
    act(() => emit("community:poll", { poll: { id: "poll-1" } }));
    expect(screen.getByTestId("poll-panel").dataset.status).toBe("open");

    act(() => emit("community:poll", { poll: { ...posting, status: "closed", closedAt: new Date().toISOString(), messageUrl: "https://discord.com/channels/1/2/9", tally: tally([4, 1], [2, 0], [0, 0]), winnerImageId: A } }));
    await waitFor(() => expect(screen.getByTestId("poll-announcement").textContent).toBe("The poll has closed: A won."));
    expect(row("A").dataset.winner).toBe("true");
  });
});
