import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Menu, MenuContent, MenuIcon, MenuItem, MenuRadioGroup, MenuRadioItem, MenuSeparator, MenuSub, MenuSubContent, MenuSubTrigger, MenuTrigger } from "./menu.tsx";

afterEach(cleanup);

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function Story({ onLogOut = () => {}, onRename = () => {} }: { onLogOut?: () => void; onRename?: () => void }) {
  const [size, setSize] = useState("small");
  return (
    <Menu>
      <MenuTrigger>Account menu</MenuTrigger>
      <MenuContent>
        <MenuItem disabled>Upgrade Plan</MenuItem>
        <MenuItem icon={<MenuIcon d="M4 4h16" />} onSelect={onRename}>
          Rename
        </MenuItem>
        <MenuSub>
          <MenuSubTrigger>Size</MenuSubTrigger>
          <MenuSubContent>
            <MenuRadioGroup value={size} onValueChange={setSize}>
              <MenuRadioItem value="small">Small</MenuRadioItem>
              <MenuRadioItem value="large">Large</MenuRadioItem>
            </MenuRadioGroup>
          </MenuSubContent>
        </MenuSub>
        <MenuSeparator />
        <MenuItem tone="danger" onSelect={onLogOut}>
          Log out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

async function press(key: string) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key });
  await settle();
}

function openWithKeyboard() {
  const trigger = screen.getByRole("button", { name: "Account menu" });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: "Enter" });
  return trigger;
}

describe("Menu", () => {
  it("opens from its trigger, which reports aria-haspopup and aria-expanded", () => {
    render(<Story />);
    const trigger = screen.getByRole("button", { name: "Account menu" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
    openWithKeyboard();
    expect(screen.getByRole("menu")).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Upgrade Plan", "Rename", "Size", "Log out"]);
  });

  it("marks a disabled item aria-disabled and a danger item in the danger colour", () => {
    render(<Story />);
    openWithKeyboard();
    expect(screen.getByRole("menuitem", { name: "Upgrade Plan" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("menuitem", { name: "Log out" }).className.split(" ")).toContain("text-danger");
    expect(screen.getByRole("separator")).toBeTruthy();
  });

  it("moves with the arrow keys and Home / End, skipping disabled items", async () => {
    render(<Story />);
    openWithKeyboard();
    await settle();
    // Opening by keyboard focuses the first item that can take focus: the disabled one is skipped.
    expect(document.activeElement?.textContent).toBe("Rename");
    await press("ArrowDown");
    expect(document.activeElement?.textContent).toBe("Size");
    await press("ArrowDown");
    expect(document.activeElement?.textContent).toBe("Log out");
    await press("ArrowUp");
    expect(document.activeElement?.textContent).toBe("Size");
    await press("End");
    expect(document.activeElement?.textContent).toBe("Log out");
    await press("Home");
    expect(document.activeElement?.textContent).toBe("Rename");
  });

  it("selects an item with Enter and closes", async () => {
    const onRename = vi.fn();
    render(<Story onRename={onRename} />);
    openWithKeyboard();
    await settle();
    const rename = screen.getByRole("menuitem", { name: "Rename" });
    rename.focus();
    fireEvent.keyDown(rename, { key: "Enter" });
    expect(onRename).toHaveBeenCalledOnce();
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("closes on Escape and gives focus back to the trigger", async () => {
    const onLogOut = vi.fn();
    render(<Story onLogOut={onLogOut} />);
    const trigger = openWithKeyboard();
    await settle();
    fireEvent.keyDown(screen.getByRole("menu"), { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    await settle();
    expect(document.activeElement).toBe(trigger);
    expect(onLogOut).not.toHaveBeenCalled();
  });

  it("opens a submenu with ArrowRight, with the picked radio item checked", async () => {
    render(<Story />);
    openWithKeyboard();
    await settle();
    const size = screen.getByRole("menuitem", { name: "Size" });
    size.focus();
    fireEvent.keyDown(size, { key: "ArrowRight" });
    await settle();
    expect(screen.getByRole("menuitemradio", { name: "Small" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("menuitemradio", { name: "Large" }).getAttribute("aria-checked")).toBe("false");
    const large = screen.getByRole("menuitemradio", { name: "Large" });
    large.focus();
    fireEvent.keyDown(large, { key: "Enter" });
    openWithKeyboard();
    await settle();
    const again = screen.getByRole("menuitem", { name: "Size" });
    again.focus();
    fireEvent.keyDown(again, { key: "ArrowRight" });
    await settle();
    expect(screen.getByRole("menuitemradio", { name: "Large" }).getAttribute("aria-checked")).toBe("true");
  });
});
