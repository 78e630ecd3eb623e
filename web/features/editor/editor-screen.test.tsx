import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { EditorLayersResponse } from "../../../contract/editor.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { layersKey } from "./api.ts";
import { EditorScreen } from "./editor-screen.tsx";

// jsdom has no canvas: the Konva stage is replaced by a list of what it would draw.
vi.mock("./editor-canvas.tsx", () => ({
  EditorCanvas: ({ doc }: { doc: { texts: { id: string; text: string; x: number }[] } }) => (
    <ul data-testid="fake-canvas">
      {doc.texts.map((t) => (
        <li key={t.id} data-x={t.x}>
          {t.text}
        </li>
      ))}
    </ul>
  ),
}));

// The font files are Vite asset URLs; there is nothing to load under jsdom.
vi.mock("./fonts.ts", () => ({ loadFaces: () => Promise.resolve(), fontFamily: (face: string) => face }));

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 800 });
});

afterEach(cleanup);

/** Radix tabs switch on mouse down, as a pointer does. */
function openTab(name: string): void {
  fireEvent.mouseDown(screen.getByRole("tab", { name }), { button: 0 });
}

const id = "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b";
const headline = {
  id: "headline-0",
  text: "DAY ONE",
  face: "anton" as const,
  size: 120,
  fill: "#ffffff",
  stroke: { color: "#000000", width: 10 },
  shadow: { color: "#000000", blur: 0, dx: 4, dy: 6, opacity: 0.6 },
  x: 80,
  y: 200,
  rotation: 0,
  align: "left" as const,
};

function renderEditor(studio: EditorLayersResponse["studio"]) {
  const client = createQueryClient();
  const layers: EditorLayersResponse = { image: imageRecord(id, { status: "ready" }), studio };
  client.setQueryData(layersKey(id), layers);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <EditorScreen imageId={id} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("the editor's tools", () => {
  it("crops to an aspect, turns and filters, and shows the size the download will have", () => {
    renderEditor(null);
    openTab("Download Image");
    expect(screen.getByText("Rendered at full resolution: 1280 × 720 px.")).toBeTruthy();
    openTab("Edit Image");
    fireEvent.click(screen.getByRole("button", { name: "9:16" }));
    expect(screen.getByRole("button", { name: "9:16" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Rotate right" }));
    fireEvent.click(screen.getByRole("button", { name: "Sepia" }));
    expect(screen.getByRole("button", { name: "Sepia" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.change(screen.getByLabelText("Brightness"), { target: { value: "40" } });
    expect(screen.getByText("+40")).toBeTruthy();
    openTab("Download Image");
    // 9:16 of a 1280×720 image is 405×720; a quarter turn lays it on its side.
    expect(screen.getByText("Rendered at full resolution: 720 × 405 px.")).toBeTruthy();
    // A free crop sets its sides apart.
    openTab("Edit Image");
    fireEvent.click(screen.getByRole("button", { name: "Free" }));
    fireEvent.change(screen.getByLabelText("Crop width"), { target: { value: "50" } });
    fireEvent.change(screen.getByLabelText("Crop height"), { target: { value: "25" } });
    openTab("Download Image");
    expect(screen.getByText("Rendered at full resolution: 180 × 640 px.")).toBeTruthy();
  });

  it("adds and styles text layers, and undoes and redoes with the buttons and Ctrl+Z / Ctrl+Shift+Z", () => {
    renderEditor(null);
    const canvas = screen.getByTestId("fake-canvas");
    openTab("Add Text");
    expect(screen.getByText("No layers yet. Add a text layer to start.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add text" }));
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "HELLO" } });
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "HELLO THERE" } });
    expect(within(canvas).getByText("HELLO THERE")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add text" }));
    expect(within(canvas).getAllByRole("listitem")).toHaveLength(2);

    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(within(canvas).getAllByRole("listitem")).toHaveLength(1);
    // The typing was one step: one more undo takes the words back to the default, not letter by letter.
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(within(canvas).getByText("YOUR TEXT")).toBeTruthy();
    fireEvent.keyDown(window, { key: "z", ctrlKey: true });
    expect(within(canvas).queryAllByRole("listitem")).toHaveLength(0);
    expect((screen.getByRole("button", { name: "Undo" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: "z", ctrlKey: true, shiftKey: true });
    fireEvent.click(screen.getByRole("button", { name: "Redo" }));
    expect(within(canvas).getByText("HELLO THERE")).toBeTruthy();
  });

  it("opens a Studio image with its headline as an editable layer the arrow keys move", () => {
    renderEditor({ backplate: "data:image/png;base64,AA==", front: null, subjects: [], texts: [headline] });
    const canvas = screen.getByTestId("fake-canvas");
    expect(within(canvas).getByText("DAY ONE").getAttribute("data-x")).toBe("80");
    openTab("Add Text");
    const layer = screen.getByRole("button", { name: "DAY ONE" });
    fireEvent.click(layer);
    expect(layer.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(layer, { key: "ArrowRight", shiftKey: true });
    fireEvent.keyDown(layer, { key: "ArrowRight" });
    expect(within(canvas).getByText("DAY ONE").getAttribute("data-x")).toBe("91");
    // Emptied, the field waits for new words; the layer keeps its old ones meanwhile.
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "" } });
    expect((screen.getByLabelText("Text") as HTMLTextAreaElement).value).toBe("");
    expect(within(canvas).getByText("DAY ONE")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "DAY TWO" } });
    expect(within(canvas).getByText("DAY TWO")).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId("editor-canvas"), { key: "Delete" });
    expect(within(canvas).queryByText("DAY TWO")).toBeNull();
  });
});
