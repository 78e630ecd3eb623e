import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs.tsx";

afterEach(cleanup);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function Story({ disabledThird = false }: { disabledThird?: boolean }) {
  return (
    <Tabs defaultValue="code">
      <TabsList aria-label="Sign-in method">
        <TabsTrigger value="code">E-mail code</TabsTrigger>
        <TabsTrigger value="password">Password</TabsTrigger>
        <TabsTrigger value="passkey" disabled={disabledThird}>
          Passkey
        </TabsTrigger>
      </TabsList>
      <TabsContent value="code">Code form</TabsContent>
      <TabsContent value="password">Password form</TabsContent>
      <TabsContent value="passkey">Passkey form</TabsContent>
    </Tabs>
  );
}

async function press(key: string) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key });
  await settle();
}

describe("Tabs", () => {
  it("is a named tablist whose selected tab controls the visible panel", () => {
    render(<Story />);
    expect(screen.getByRole("tablist", { name: "Sign-in method" })).toBeTruthy();
    const code = screen.getByRole("tab", { name: "E-mail code" });
    expect(code.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Password" }).getAttribute("aria-selected")).toBe("false");
    const panel = screen.getByRole("tabpanel");
    expect(panel.textContent).toBe("Code form");
    expect(code.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.getAttribute("aria-labelledby")).toBe(code.id);
  });

  it("moves and selects with the arrow keys, wrapping around, with Home and End", async () => {
    render(<Story />);
    screen.getByRole("tab", { name: "E-mail code" }).focus();
    await press("ArrowRight");
    expect(document.activeElement?.textContent).toBe("Password");
    expect(screen.getByRole("tabpanel").textContent).toBe("Password form");
    await press("ArrowRight");
    await press("ArrowRight");
    expect(document.activeElement?.textContent).toBe("E-mail code");
    await press("ArrowLeft");
    expect(document.activeElement?.textContent).toBe("Passkey");
    expect(screen.getByRole("tab", { name: "Passkey" }).getAttribute("aria-selected")).toBe("true");
    await press("Home");
    expect(document.activeElement?.textContent).toBe("E-mail code");
    await press("End");
    expect(screen.getByRole("tabpanel").textContent).toBe("Passkey form");
  });

  it("skips a disabled tab", async () => {
    render(<Story disabledThird />);
    expect(screen.getByRole("tab", { name: "Passkey" })).toHaveProperty("disabled", true);
    screen.getByRole("tab", { name: "Password" }).focus();
    await press("ArrowRight");
    expect(document.activeElement?.textContent).toBe("E-mail code");
  });

  it("selects a tab by click (pointer down, as Radix listens)", () => {
    render(<Story />);
    fireEvent.mouseDown(screen.getByRole("tab", { name: "Password" }), { button: 0 });
    expect(screen.getByRole("tab", { name: "Password" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("Password form");
  });
});
