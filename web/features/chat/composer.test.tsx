import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import type { Persona } from "../../../contract/personas.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { persona } from "../../testing/persona-fixture.ts";
import { Composer, type ComposerProps } from "./composer.tsx";
import { englishI18n, renderChat } from "./testing.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

// What GET /api/personas answers; the composer reads it through the query the Persona view shares.
const personas: Persona[] = [
  persona("1", { handle: "chef", name: "Chef Marco", urls: { image: null, cutout: "/c/chef.png", thumb: "/t/chef.webp" } }),
  persona("2", { handle: "chris", name: "Chris Gamer", urls: { image: null, cutout: "/c/chris.png", thumb: "/t/chris.webp" } }),
  persona("3", { handle: "ana", name: "Ana Travels", urls: { image: null, cutout: "/c/ana.png", thumb: "/t/ana.webp" } }),
];

function Harness(props: Partial<ComposerProps> & { initial?: string }) {
  const [draft, setDraft] = useState(props.initial ?? "");
  return <Composer draft={draft} onDraftChange={setDraft} onSend={vi.fn()} onStop={vi.fn()} streaming={false} credits={20} {...props} />;
}

function setup(props: Partial<ComposerProps> & { initial?: string; personas?: Persona[] } = {}) {
  const onSend = props.onSend ?? vi.fn();
  const onStop = props.onStop ?? vi.fn();
  const { personas: listed = personas, ...rest } = props;
  renderChat(
    <MemoryRouter>
      <Harness {...rest} onSend={onSend} onStop={onStop} />
    </MemoryRouter>,
    i18n,
    { personas: listed },
  );
  const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
  return { onSend, onStop, box };
}

function type(box: HTMLTextAreaElement, value: string) {
  fireEvent.change(box, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
}

describe("Composer", () => {
  it("sends on Enter with the pickers' values, and Shift+Enter does not send", () => {
    const { onSend, box } = setup();
    type(box, "A chef in a neon kitchen");
    fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("A chef in a neon kitchen", { style: "realistic", aspect: "16:9", model: "studio" });
  });

  it("sends nothing while empty, and shows Stop instead of Send while streaming", () => {
    const onStop = vi.fn();
    const { onSend, box } = setup({ initial: "   " });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: /^Send/ }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    setup({ initial: "More", streaming: true, onStop });
    expect(screen.queryByRole("button", { name: /^Send/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it("shows the cost of what will run: the model's price times the images asked for", () => {
    const { box } = setup({ credits: 5 });
    expect(screen.getByTestId("composer-cost").textContent).toBe("Costs 3 credits");
    type(box, "Make 2 thumbnails of a cat");
    expect(screen.getByTestId("composer-cost").textContent).toBe("Costs 6 credits; you have 5");
  });

  it("opens the persona list on @, moves with the arrow keys and inserts the handle on Enter", () => {
    const { onSend, box } = setup();
    type(box, "Put @ch");
    expect(box.getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
    const options = screen.getAllByRole("option");
    expect(options).toHaveLength(2);
    expect(options[0]?.textContent).toContain("@chefChef Marco");
    expect(options[1]?.textContent).toContain("@chrisChris Gamer");
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[1]?.getAttribute("aria-selected")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[1]?.id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Put @chris ");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("closes the list on Escape without sending, and a click picks a persona", () => {
    const { onSend, box } = setup();
    type(box, "With @");
    expect(screen.getAllByRole("option")).toHaveLength(3);
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.getAttribute("aria-controls")).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    type(box, "With @a");
    expect(screen.queryByRole("listbox")).toBeNull();
    type(box, "With ");
    type(box, "With @a");
    fireEvent.click(screen.getByRole("option", { name: /Ana Travels/ }));
    expect(box.value).toBe("With @ana ");
  });

  it("shows each persona's thumbnail beside its @handle and name", () => {
    const { box } = setup();
    type(box, "@");
    const thumbs = screen.getAllByTestId("persona-thumb").map((img) => img.getAttribute("src"));
    expect(thumbs).toEqual(["/t/chef.webp", "/t/chris.webp", "/t/ana.webp"]);
  });

  it("says when there is no persona to mention and links to the Persona view", () => {
    const { box } = setup({ personas: [] });
    type(box, "@");
    expect(screen.getByTestId("persona-autocomplete").textContent).toContain("No personas to mention yet");
    expect(screen.getByRole("link", { name: "Create a persona" }).getAttribute("href")).toBe("/app/personas");
  });

  it("says when no persona matches what follows the @", () => {
    const { box } = setup();
    type(box, "@zed");
    expect(screen.getByTestId("persona-autocomplete").textContent).toContain("No persona matches “zed”.");
    expect(screen.queryByRole("link", { name: "Create a persona" })).toBeNull();
  });

  it("uploads an attached image, shows its chip and sends its id", async () => {
    const uploaded: ImageRecord = imageRecord("up-1", { kind: "upload", status: "ready" });
    const upload = vi.fn(async () => uploaded);
    const { onSend, box } = setup({ upload });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], "face.png", { type: "image/png" });
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    expect(upload).toHaveBeenCalledWith(file);
    await waitFor(() => expect(screen.getByTestId("attachment-chip").textContent).toContain("Base image"));
    expect(screen.getByTestId("attachment-chip").textContent).toContain("face.png");
    type(box, "Use this as the background");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("Use this as the background", expect.objectContaining({ attachmentImageId: "up-1" }));
    expect(screen.queryByTestId("attachment-chip")).toBeNull();
  });

  it("takes a pasted image as the attachment and leaves pasted text alone", async () => {
    const upload = vi.fn(async () => imageRecord("up-2", { kind: "upload", status: "ready" }));
    const { box } = setup({ upload });
    fireEvent.paste(box, { clipboardData: { files: [] } });
    expect(upload).not.toHaveBeenCalled();
    const file = new File([new Uint8Array([255, 216, 255])], "shot.jpg", { type: "image/jpeg" });
    await act(async () => fireEvent.paste(box, { clipboardData: { files: [file] } }));
    expect(upload).toHaveBeenCalledWith(file);
    await waitFor(() => expect(screen.getByTestId("attachment-chip").textContent).toContain("shot.jpg"));
  });

  it("says when the upload failed, and the chip can be removed", async () => {
    const upload = vi.fn(async () => {
      throw new Error("413: too big");
    });
    setup({ upload });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], "huge.png", { type: "image/png" });
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await waitFor(() => expect(screen.getByTestId("attachment-chip").textContent).toContain("Upload failed"));
    fireEvent.click(screen.getByRole("button", { name: "Remove the attached image" }));
    expect(screen.queryByTestId("attachment-chip")).toBeNull();
  });

  it("shows the AI notice", () => {
    setup();
    expect(screen.getByText("AI can make mistakes. Consider checking important information.")).toBeTruthy();
  });
});
