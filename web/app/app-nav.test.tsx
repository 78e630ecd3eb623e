import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { englishI18n } from "../testing/english-i18n.ts";
import { AppNav } from "./app-nav.tsx";
import { namespacesFor } from "./route-meta.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

function renderAt(path: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppNav />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe("AppNav", () => {
  it.each([
    ["/app", "Chat"],
    ["/app/personas", "Personas"],
    ["/app/gallery", "Gallery"],
    ["/app/video", "From video"],
  ])("on %s marks %s as the current page, and only it", (path, current) => {
    renderAt(path);
    const nav = screen.getByRole("navigation", { name: "App sections" });
    const links = [...nav.querySelectorAll("a")];
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Chat", "/app"],
      ["Personas", "/app/personas"],
      ["Gallery", "/app/gallery"],
      ["From video", "/app/video"],
    ]);
    expect(links.filter((link) => link.getAttribute("aria-current") === "page").map((link) => link.textContent)).toEqual([current]);
  });
});

describe("namespacesFor", () => {
  it("loads the Persona view's words on a reload of /app/personas, with or without a trailing slash", () => {
    expect(namespacesFor("/app/personas")).toEqual(["common", "app", "auth", "personas"]);
    expect(namespacesFor("/app/personas/")).toEqual(["common", "app", "auth", "personas"]);
    expect(namespacesFor("/app")).toEqual(["common", "app", "auth", "chat"]);
    expect(namespacesFor("/app/gallery")).toEqual(["common", "app", "auth", "gallery"]);
    expect(namespacesFor("/app/credits")).toEqual(["common", "app", "auth", "billing"]);
    expect(namespacesFor("/app/pricing")).toEqual(["common", "app", "auth", "billing"]);
    expect(namespacesFor("/landing")).toEqual(["common", "marketing"]);
    expect(namespacesFor("/nowhere")).toEqual(["common"]);
  });

  it("loads the editor's words on a reload of /app/editor/:imageId", () => {
    expect(namespacesFor("/app/editor/3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b")).toEqual(["common", "app", "auth", "editor"]);
    expect(namespacesFor("/app/editor")).toEqual(["common"]);
  });
});
