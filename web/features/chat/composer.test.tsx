import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import { I18nextProvider } from "react-i18next";
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
    // The button takes videos too, and says so.
    expect(screen.getByRole("button", { name: "Attach an image or a video" })).toBeTruthy();
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

describe("Composer chips and the current image", () => {
  const optionsButton = () => screen.getByRole("button", { name: /^Style, shape and model/ });
  const radio = (testId: string) => screen.getByTestId(testId).querySelector("input") as HTMLInputElement;

  it("show the current image's style, shape and model, and send them with the next message", () => {
    const currentImage = imageRecord("img-1", { status: "ready", style: "cartoon", aspect: "1:1", model: "gpt-image" });
    const { onSend, box } = setup({ currentImage });
    expect(optionsButton().textContent).toContain("Cartoon · 1:1 · GPT Image");
    expect(screen.getByTestId("composer-cost").textContent).toBe("Costs 6 credits");
    fireEvent.click(optionsButton());
    expect(radio("style-cartoon").checked).toBe(true);
    expect(radio("aspect-1:1").checked).toBe(true);
    expect(screen.getByText("Changing these edits the newest image in this chat.")).toBeTruthy();
    type(box, "Add a trophy");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("Add a trophy", { style: "cartoon", aspect: "1:1", model: "gpt-image" });
  });

  it("quote a message about a Studio image as free when only its headline changes, and several new images as paid", () => {
    const currentImage = imageRecord("img-1", { status: "ready", style: "cartoon", aspect: "16:9", model: "studio" });
    const { box } = setup({ currentImage, credits: 5 });
    expect(screen.getByTestId("composer-cost").textContent).toBe("Costs 3 credits · free if only the headline changes");
    type(box, "make the headline yellow");
    expect(screen.getByTestId("composer-cost").textContent).toBe("Costs 3 credits · free if only the headline changes");
    type(box, "two more versions");
    expect(screen.getByTestId("composer-cost").textContent).toBe("Costs 6 credits; you have 5");
  });

  it("follow the current image when a newer one takes its place", () => {
    const first = imageRecord("img-1", { status: "ready", style: "cartoon", aspect: "1:1", model: "gpt-image" });
    const newer = imageRecord("img-2", { status: "ready", style: "vintage", aspect: "9:16", model: "studio" });
    const onSend = vi.fn();
    const view = renderChat(
      <MemoryRouter>
        <Harness currentImage={first} onSend={onSend} />
      </MemoryRouter>,
      i18n,
    );
    expect(optionsButton().textContent).toContain("Cartoon · 1:1");
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <JotaiProvider store={view.store}>
          <QueryClientProvider client={view.client}>
            <MemoryRouter>
              <Harness currentImage={newer} onSend={onSend} />
            </MemoryRouter>
          </QueryClientProvider>
        </JotaiProvider>
      </I18nextProvider>,
    );
    expect(optionsButton().textContent).toContain("Vintage · 9:16");
  });

  it("changing the shape asks for the edit with its cost shown, and sends it through the chat only when confirmed", () => {
    const currentImage = imageRecord("img-1", { status: "ready", style: "cartoon", aspect: "1:1", model: "gpt-image" });
    const onSendChange = vi.fn();
    const { onSend } = setup({ currentImage, onSendChange, initial: "half-typed idea" });
    fireEvent.click(optionsButton());
    fireEvent.click(radio("aspect-9:16"));
    expect(onSendChange).not.toHaveBeenCalled();
    const pending = screen.getByTestId("chip-change");
    expect(pending.textContent).toContain("Make it 9:16 vertical");
    expect(screen.getByTestId("chip-change-cost").textContent).toBe("Costs 6 credits");
    fireEvent.click(screen.getByRole("button", { name: "Send change" }));
    expect(onSendChange).toHaveBeenCalledWith("Make it 9:16 vertical", { style: "cartoon", aspect: "9:16", model: "gpt-image" });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByTestId("chip-change")).toBeNull();
    expect((screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).value).toBe("half-typed idea");
  });

  it("changing the style asks for a style edit at the image's model's price, and Cancel drops it", () => {
    const currentImage = imageRecord("img-1", { status: "ready", style: "realistic", aspect: "16:9", model: "studio" });
    const onSendChange = vi.fn();
    setup({ currentImage, onSendChange });
    fireEvent.click(optionsButton());
    fireEvent.click(radio("style-vintage"));
    expect(screen.getByTestId("chip-change").textContent).toContain("Change the style to vintage");
    expect(screen.getByTestId("chip-change-cost").textContent).toBe("Costs 3 credits");
    expect(radio("style-vintage").checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("chip-change")).toBeNull();
    expect(radio("style-realistic").checked).toBe(true);
    fireEvent.click(radio("style-abstract"));
    fireEvent.click(screen.getByRole("button", { name: "Send change" }));
    expect(onSendChange).toHaveBeenCalledWith("Change the style to abstract", { style: "abstract", aspect: "16:9", model: "studio" });
  });

  it("changing the model asks to make the image again with it, at that model's price", () => {
    const currentImage = imageRecord("img-1", { status: "ready", style: "vintage", aspect: "9:16", model: "studio" });
    const onSendChange = vi.fn();
    setup({ currentImage, onSendChange });
    fireEvent.click(optionsButton());
    // Radix's Select keeps a native select in step for forms; choosing there is choosing in the picker.
    const native = screen.getByTestId("composer").querySelector("select") as HTMLSelectElement;
    fireEvent.change(native, { target: { value: "gpt-image" } });
    expect(screen.getByTestId("chip-change").textContent).toContain("Make it again · GPT Image");
    expect(screen.getByTestId("chip-change-cost").textContent).toBe("Costs 6 credits");
    fireEvent.click(screen.getByRole("button", { name: "Send change" }));
    expect(onSendChange).toHaveBeenCalledWith("Make it again", { style: "vintage", aspect: "9:16", model: "gpt-image" });
  });

  it("will not send a change the balance cannot pay for", () => {
    const currentImage = imageRecord("img-1", { status: "ready", model: "gpt-image" });
    const onSendChange = vi.fn();
    setup({ currentImage, onSendChange, credits: 5 });
    fireEvent.click(optionsButton());
    fireEvent.click(radio("aspect-1:1"));
    expect(screen.getByTestId("chip-change-cost").textContent).toBe("Costs 6 credits; you have 5");
    const sendChange = screen.getByRole("button", { name: "Send change" }) as HTMLButtonElement;
    expect(sendChange.disabled).toBe(true);
    fireEvent.click(sendChange);
    expect(onSendChange).not.toHaveBeenCalled();
  });

  it("with no current image, choose the next generation's settings and send no edit", () => {
    const { onSend, box } = setup();
    fireEvent.click(optionsButton());
    fireEvent.click(radio("aspect-1:1"));
    fireEvent.click(radio("style-cartoon"));
    expect(screen.queryByTestId("chip-change")).toBeNull();
    expect(optionsButton().textContent).toContain("Cartoon · 1:1");
    type(box, "A cat");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("A cat", { style: "cartoon", aspect: "1:1", model: "studio" });
  });
});

describe("Composer with an image picked to edit", () => {
  it("shows the 'Editing this image' chip with its thumbnail, describes it in the chips and sends its id", () => {
    const newest = imageRecord("img-new", { status: "ready", style: "realistic", aspect: "16:9", model: "studio" });
    const editing = imageRecord("img-old", { status: "ready", style: "cartoon", aspect: "1:1", model: "studio", urls: { original: "/o/old.png", preview: "/p/old.webp", thumb: "/t/old.webp", download: "/d/old.png" } });
    const onStopEditing = vi.fn();
    const { onSend, box } = setup({ currentImage: newest, editing, onStopEditing });
    const chip = screen.getByTestId("editing-chip");
    expect(chip.textContent).toContain("Editing this image");
    expect(chip.querySelector("img")?.getAttribute("src")).toBe("/t/old.webp");
    expect(screen.getByRole("button", { name: /^Style, shape and model/ }).textContent).toContain("Cartoon · 1:1");
    fireEvent.click(screen.getByRole("button", { name: /^Style, shape and model/ }));
    expect(screen.getByText("Changing these edits the image you picked.")).toBeTruthy();
    type(box, "make the headline red");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("make the headline red", expect.objectContaining({ imageId: "img-old", style: "cartoon", aspect: "1:1" }));
    fireEvent.click(screen.getByRole("button", { name: "Stop editing this image" }));
    expect(onStopEditing).toHaveBeenCalledOnce();
  });

  it("sends no image id when none is picked", () => {
    const onSend = vi.fn();
    const { box } = setup({ currentImage: imageRecord("img-new", { status: "ready" }), onSend });
    expect(screen.queryByTestId("editing-chip")).toBeNull();
    type(box, "make the headline red");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend.mock.calls[0]?.[1]).not.toHaveProperty("imageId");
  });
});
