import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import type { Persona, PersonaDraft } from "../../../contract/personas.ts";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { imageRecord } from "../../testing/image-fixture.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SocketProvider } from "../../lib/socket-context.tsx";
import { englishI18n } from "../../testing/english-i18n.ts";
import { persona, personaDraft } from "../../testing/persona-fixture.ts";
import { PersonasScreen } from "./personas-screen.tsx";
import { DRAFT_POLL_MS } from "./use-persona-draft.ts";
import { fakeSocket } from "../../testing/socket-fixture.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

type Call = { method: string; url: string; body: BodyInit | null | undefined };
type Handler = (call: Call) => Response | Promise<Response>;

/** A fake API: each "METHOD path" answers from its handler; every call is recorded. */
function stubApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", url, body: init?.body };
      calls.push(call);
      const handler = handlers[`${call.method} ${url}`];
      return handler ? handler(call) : json({ error: "Not found", code: "not_found:route" }, 404);
    }),
  );
  return calls;
}


function setup(path = "/app/personas") {
  const client = createQueryClient();
  const toasts = new ToastStore();
  const { socket, emit } = fakeSocket();
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={createStore()}>
        <QueryClientProvider client={client}>
          <ToastStoreProvider store={toasts}>
            <SocketProvider userId="u1" connect={() => socket}>
              <MemoryRouter initialEntries={[path]}>
                <PersonasScreen />
              </MemoryRouter>
            </SocketProvider>
          </ToastStoreProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </I18nextProvider>,
  );
  return { client, toasts, emit };
}

const lastToast = (toasts: ToastStore) => toasts.toasts[0];
const uploaded = (id: string): ImageRecord =>
  imageRecord(id, { kind: "upload", status: "ready", urls: { original: `/o/${id}`, preview: `/p/${id}`, thumb: `/t/${id}`, download: `/d/${id}` } });
const photoId = "0b8a5f3e-6f7d-4c1e-9a51-2f0c7d1e4a10";
const draftId = "5d1f4d0a-2b6c-4d7e-8f90-1a2b3c4d5e6f";
const ready: PersonaDraft = personaDraft(draftId, {
  status: "ready",
  suggestedName: "Astro Naut",
  description: "A cheerful astronaut",
  urls: { image: "/api/personas/drafts/d/image", cutout: "/api/personas/drafts/d/cutout", thumb: "/api/personas/drafts/d/thumb" },
});

async function addPhoto() {
  const input = screen.getByTestId("persona-file-input") as HTMLInputElement;
  const file = new File([new Uint8Array([137, 80, 78, 71])], "face.png", { type: "image/png" });
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
  await waitFor(() => expect(screen.getByTestId("persona-photo").dataset.status).toBe("ready"));
}

/** Uploads a photo and starts a draft that the API reports pending. */
async function startDraft(toasts: ToastStore, next: () => PersonaDraft) {
  await addPhoto();
  fireEvent.click(screen.getByRole("button", { name: "Generate persona" }));
  await waitFor(() => expect(screen.getByRole("button", { name: "Generating..." })).toBeTruthy());
  expect((screen.getByRole("button", { name: "Generating..." }) as HTMLButtonElement).disabled).toBe(true);
  expect(lastToast(toasts)).toBeUndefined();
  return next;
}

describe("PersonasScreen", () => {
  it("shows the intro, and the empty list text when there is no persona", async () => {
    stubApi({ "GET /api/personas": () => json({ personas: [] }) });
    setup();
    expect(screen.getByText("Upload images to generate custom personas for your image generation prompts")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("persona-empty").textContent).toContain("No personas created yet. Upload an image to get started!"));
  });

  it("asks for an image before generating, and sends nothing", async () => {
    const calls = stubApi({ "GET /api/personas": () => json({ personas: [] }) });
    const { toasts } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Generate persona" }));
    expect(lastToast(toasts)).toMatchObject({ title: "Please select an image first", variant: "destructive" });
    expect(calls.filter((call) => call.method !== "GET")).toEqual([]);
  });

  it("uploads a photo as the multipart field file and shows its thumbnail; an upload error shows the server's message", async () => {
    let fail = false;
    const calls = stubApi({
      "GET /api/personas": () => json({ personas: [] }),
      "POST /api/personas/upload": () => (fail ? json({ error: "That file is too big (20 MB at most).", code: "invalid:upload" }, 413) : json({ image: uploaded(photoId) }, 201)),
    });
    const { toasts } = setup();
    await addPhoto();
    const body = calls.find((call) => call.url === "/api/personas/upload")?.body;
    expect(body instanceof FormData && (body.get("file") as File).name).toBe("face.png");
    expect(screen.getByRole("img", { name: "Photo face.png" }).getAttribute("src")).toBe(`/t/${photoId}`);

    fail = true;
    const input = screen.getByTestId("persona-file-input") as HTMLInputElement;
    await act(async () => fireEvent.change(input, { target: { files: [new File([new Uint8Array([1])], "huge.png", { type: "image/png" })] } }));
    await waitFor(() => expect(lastToast(toasts)).toMatchObject({ title: "Upload failed", description: "That file is too big (20 MB at most)." }));
    expect(screen.getAllByTestId("persona-photo")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Remove face.png" }));
    expect(screen.queryByTestId("persona-photo")).toBeNull();
  });

  it("generates: pending, then ready by the poll; the card shows the draft and the name is required to save", async () => {
    let draftAnswer: PersonaDraft = personaDraft(draftId, { status: "running" });
    const calls = stubApi({
      "GET /api/personas": () => json({ personas: [] }),
      "POST /api/personas/upload": () => json({ image: uploaded(photoId) }, 201),
      "POST /api/personas/generate": () => json({ draft: personaDraft(draftId) }, 202),
      [`GET /api/personas/drafts/${draftId}`]: () => json({ draft: draftAnswer }),
    });
    const { toasts } = setup();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startDraft(toasts, () => draftAnswer);
    const generate = calls.find((call) => call.url === "/api/personas/generate");
    expect(JSON.parse(String(generate?.body))).toEqual({ photoIds: [photoId], role: "artist" });

    await act(() => vi.advanceTimersByTimeAsync(DRAFT_POLL_MS + 100));
    expect(screen.getByRole("button", { name: "Generating..." })).toBeTruthy();
    draftAnswer = ready;
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_POLL_MS + 100));
    await waitFor(() => expect(screen.getByTestId("persona-draft")).toBeTruthy());
    expect(lastToast(toasts)).toMatchObject({ title: "Persona generated successfully!" });

    const card = within(screen.getByTestId("persona-draft"));
    expect(card.getByRole("img", { name: "The generated persona Astro Naut" }).getAttribute("src")).toBe(ready.urls?.image);
    expect(card.getByRole("img", { name: "The cut-out of Astro Naut" }).getAttribute("src")).toBe(ready.urls?.cutout);
    expect((card.getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Astro Naut");
    expect((card.getByRole("textbox", { name: "@handle (optional)" }) as HTMLInputElement).placeholder).toBe("astro-naut");
    expect((card.getByRole("textbox", { name: "Description" }) as HTMLTextAreaElement).value).toBe("A cheerful astronaut");

    const polls = calls.filter((call) => call.url === `/api/personas/drafts/${draftId}`).length;
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_POLL_MS * 3));
    expect(calls.filter((call) => call.url === `/api/personas/drafts/${draftId}`)).toHaveLength(polls);

    fireEvent.change(card.getByRole("textbox", { name: "Name" }), { target: { value: "  " } });
    fireEvent.click(card.getByRole("button", { name: "Save persona" }));
    expect(lastToast(toasts)).toMatchObject({ title: "Please enter a name for the persona", variant: "destructive" });
    expect(calls.some((call) => call.method === "POST" && call.url === "/api/personas")).toBe(false);
  });

  it("follows a draft started elsewhere (a video's frame) that arrives as ?draft=", async () => {
    stubApi({
      "GET /api/personas": () => json({ personas: [] }),
      [`GET /api/personas/drafts/${draftId}`]: () => json({ draft: ready }),
    });
    setup(`/app/personas?draft=${draftId}`);
    await waitFor(() => expect(screen.getByTestId("persona-draft")).toBeTruthy());
    expect((within(screen.getByTestId("persona-draft")).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("Astro Naut");
  });

  it("a persona:draft event ends the wait without a poll; a failed draft says why by its code", async () => {
    stubApi({
      "GET /api/personas": () => json({ personas: [] }),
      "POST /api/personas/upload": () => json({ image: uploaded(photoId) }, 201),
      "POST /api/personas/generate": () => json({ draft: personaDraft(draftId) }, 202),
    });
    const { toasts, emit } = setup();
    await startDraft(toasts, () => ready);
    act(() => emit("persona:draft", { draft: personaDraft(draftId, { status: "failed", error: "No subject found.", errorCode: "invalid:no_subject" }) }));
    await waitFor(() =>
      expect(lastToast(toasts)).toMatchObject({
        title: "Failed to generate persona",
        description: "We couldn't find a person or subject in these photos. Try a clearer photo with one subject.",
      }),
    );
    expect(screen.getByRole("button", { name: "Generate persona" })).toBeTruthy();
    expect(screen.getAllByTestId("persona-photo")).toHaveLength(1);
  });

  it("saves the draft with its name, handle and description; the card clears and the list refreshes", async () => {
    const saved: Persona = persona("p1", { name: "Astro", handle: "astro", description: "Space fan" });
    let listed: Persona[] = [];
    const calls = stubApi({
      "GET /api/personas": () => json({ personas: listed }),
      "POST /api/personas/upload": () => json({ image: uploaded(photoId) }, 201),
      "POST /api/personas/generate": () => json({ draft: personaDraft(draftId) }, 202),
      "POST /api/personas": () => {
        listed = [saved];
        return json({ persona: saved }, 201);
      },
    });
    const { toasts, emit } = setup();
    await startDraft(toasts, () => ready);
    act(() => emit("persona:draft", { draft: ready }));
    const card = within(await screen.findByTestId("persona-draft"));
    fireEvent.change(card.getByRole("textbox", { name: "Name" }), { target: { value: "Astro" } });
    fireEvent.change(card.getByRole("textbox", { name: "@handle (optional)" }), { target: { value: "@Astro" } });
    fireEvent.change(card.getByRole("textbox", { name: "Description" }), { target: { value: "Space fan " } });
    fireEvent.click(card.getByRole("button", { name: "Save persona" }));
    await waitFor(() => expect(lastToast(toasts)).toMatchObject({ title: "Persona saved successfully!" }));
    const save = calls.find((call) => call.method === "POST" && call.url === "/api/personas");
    expect(JSON.parse(String(save?.body))).toEqual({ draftId, name: "Astro", handle: "astro", description: "Space fan" });
    expect(screen.queryByTestId("persona-draft")).toBeNull();
    expect(screen.queryByTestId("persona-photo")).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("persona-card")).toHaveLength(1));
    expect(screen.getByTestId("persona-card").textContent).toContain("@astro");
  });

  it("a refused save shows the server's reason", async () => {
    stubApi({
      "GET /api/personas": () => json({ personas: [] }),
      "POST /api/personas/upload": () => json({ image: uploaded(photoId) }, 201),
      "POST /api/personas/generate": () => json({ draft: personaDraft(draftId) }, 202),
      "POST /api/personas": () => json({ error: "That handle is taken; pick another.", code: "conflict:persona_handle" }, 409),
    });
    const { toasts, emit } = setup();
    await startDraft(toasts, () => ready);
    act(() => emit("persona:draft", { draft: ready }));
    fireEvent.click(within(await screen.findByTestId("persona-draft")).getByRole("button", { name: "Save persona" }));
    await waitFor(() => expect(lastToast(toasts)).toMatchObject({ title: "Failed to save persona", description: "That handle is taken; pick another." }));
    expect(screen.getByTestId("persona-draft")).toBeTruthy();
  });

  it("discards the draft", async () => {
    const calls = stubApi({
      "GET /api/personas": () => json({ personas: [] }),
      "POST /api/personas/upload": () => json({ image: uploaded(photoId) }, 201),
      "POST /api/personas/generate": () => json({ draft: personaDraft(draftId) }, 202),
      [`DELETE /api/personas/drafts/${draftId}`]: () => new Response(null, { status: 204 }),
    });
    const { toasts, emit } = setup();
    await startDraft(toasts, () => ready);
    act(() => emit("persona:draft", { draft: ready }));
    fireEvent.click(within(await screen.findByTestId("persona-draft")).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.queryByTestId("persona-draft")).toBeNull());
    expect(calls.some((call) => call.method === "DELETE" && call.url === `/api/personas/drafts/${draftId}`)).toBe(true);
    expect(screen.getByRole("button", { name: "Generate persona" })).toBeTruthy();
  });

  it("deletes a persona only after the confirm", async () => {
    let listed: Persona[] = [persona("p1", { name: "Chef Marco", handle: "chef" }), persona("p2", { name: "Ana", handle: "ana" })];
    const calls = stubApi({
      "GET /api/personas": () => json({ personas: listed }),
      "DELETE /api/personas/p1": () => {
        listed = listed.filter((p) => p.id !== "p1");
        return new Response(null, { status: 204 });
      },
    });
    const { toasts } = setup();
    await waitFor(() => expect(screen.getAllByTestId("persona-card")).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Delete Chef Marco" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Delete Chef Marco?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Delete Chef Marco" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete persona" }));
    await waitFor(() => expect(lastToast(toasts)).toMatchObject({ title: "Persona deleted successfully!" }));
    await waitFor(() => expect(screen.getAllByTestId("persona-card")).toHaveLength(1));
    expect(screen.getByTestId("persona-card").textContent).toContain("Ana");
  });

  it("a failed delete says so", async () => {
    stubApi({
      "GET /api/personas": () => json({ personas: [persona("p1", { name: "Chef Marco" })] }),
      "DELETE /api/personas/p1": () => json({ error: "Something went wrong on our side.", code: "internal" }, 500),
    });
    const { toasts } = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Chef Marco" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete persona" }));
    await waitFor(() => expect(lastToast(toasts)).toMatchObject({ title: "Failed to delete persona", variant: "destructive" }));
    expect(screen.getAllByTestId("persona-card")).toHaveLength(1);
  });

  it("renames a persona in place, sending only what changed", async () => {
    let current = persona("p1", { name: "Chef Marco", handle: "chef" });
    const calls = stubApi({
      "GET /api/personas": () => json({ personas: [current] }),
      "PATCH /api/personas/p1": () => {
        current = { ...current, name: "Chef Mario" };
        return json({ persona: current });
      },
    });
    setup();
    fireEvent.click(await screen.findByRole("button", { name: "Rename Chef Marco" }));
    const card = within(screen.getByTestId("persona-card"));
    fireEvent.change(card.getByRole("textbox", { name: "Name" }), { target: { value: "Chef Mario" } });
    fireEvent.click(card.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByTestId("persona-card").textContent).toContain("Chef Mario"));
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull();
    const patch = calls.find((call) => call.method === "PATCH");
    expect(JSON.parse(String(patch?.body))).toEqual({ name: "Chef Mario" });
  });

  it("offers a retry when the list cannot load", async () => {
    let fail = true;
    stubApi({ "GET /api/personas": () => (fail ? json({ error: "Unavailable", code: "unavailable:database" }, 503) : json({ personas: [] })) });
    setup();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your personas could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByTestId("persona-empty")).toBeTruthy());
  });
});
