import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ImageRecord } from "../../../contract/images.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { solid } from "../../testing/pixel-fixtures.ts";
import type { PixelReader } from "./read-pixels.ts";
import { YourGrid } from "./your-grid.tsx";

let i18n: I18n;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

type Ready = ImageRecord & { urls: NonNullable<ImageRecord["urls"]> };
const ready = (id: string): Ready =>
  imageRecord(id, { status: "ready", urls: { original: `/o/${id}`, preview: `/p/${id}`, thumb: `/t/${id}`, download: `/d/${id}` } }) as Ready;

/** Thumbnails of one colour each, by id: the grid reads their palettes from these pixels. */
function reader(colours: Record<string, [number, number, number]>): PixelReader {
  return async (src) => solid(64, 36, colours[src.replace("/t/", "")] ?? [0, 0, 0]);
}

async function show(image: Ready, recent: ImageRecord[], colours: Record<string, [number, number, number]>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <YourGrid image={image} recent={recent} readPixels={reader(colours)} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId("your-grid-note").dataset.fit).not.toBe("measuring"));
  return screen.getByTestId("your-grid-note");
}

// "Your grid" (docs/product/style-kits.md): the new thumbnail among the recent ones, and whether its colours stand out.
describe("Your grid", () => {
  const recent = [ready("a"), ready("b"), ready("c")];

  it("says a thumbnail in the channel's colours blends in", async () => {
    const note = await show(ready("new"), recent, { new: [255, 122, 0], a: [250, 120, 5], b: [255, 125, 0], c: [252, 118, 0] });
    expect(note.dataset.fit).toBe("blends-in");
    expect(note.textContent).toMatch(/^Blends in/);
    expect(screen.getAllByTestId("your-grid-recent")).toHaveLength(3);
    expect(screen.getByTestId("your-grid-new").querySelector("img")?.getAttribute("src")).toBe("/t/new");
  });

  it("says one far from them stands out", async () => {
    const note = await show(ready("new"), recent, { new: [20, 60, 220], a: [255, 122, 0], b: [255, 122, 0], c: [250, 120, 10] });
    expect(note.dataset.fit).toBe("stands-out");
    expect(note.textContent).toMatch(/^Stands out/);
  });

  it("asks for more thumbnails when there is nothing to compare with", async () => {
    const note = await show(ready("new"), [ready("new"), imageRecord("pending")], { new: [1, 2, 3] });
    expect(note.dataset.fit).toBe("alone");
  });

  it("does not wait for ever on a thumbnail whose pixels cannot be read", async () => {
    const failing: PixelReader = async (src) => {
      if (src === "/t/b") throw new Error("tainted canvas");
      return solid(64, 36, src === "/t/new" ? [255, 122, 0] : [250, 120, 5]);
    };
    render(
      <QueryClientProvider client={createQueryClient()}>
        <I18nextProvider i18n={i18n}>
          <YourGrid image={ready("new")} recent={recent} readPixels={failing} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("your-grid-note").dataset.fit).toBe("blends-in"), { timeout: 15_000 });
  }, 20_000);

  it("leaves out images of the same pack or version tree", async () => {
    const image = { ...ready("new"), packId: "pack-1", parentId: "root" } as Ready;
    const family = [{ ...ready("root") }, { ...ready("sibling"), packId: "pack-1" }, { ...ready("edit"), parentId: "root" }, ready("a")];
    await show(image, family, { new: [255, 122, 0], a: [20, 60, 220] });
    expect(screen.getAllByTestId("your-grid-recent")).toHaveLength(1);
  });
});

