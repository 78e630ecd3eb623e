import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "./button.tsx";
import { Sheet } from "./sheet.tsx";

afterEach(cleanup);

function Story({ side }: { side?: "left" | "right" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p data-testid="state">{open ? "open" : "closed"}</p>
      <Sheet open={open} onOpenChange={setOpen} side={side} trigger={<Button>Filters</Button>} title="Filter images" description="Narrow the gallery." closeLabel="Close">
        <a href="/app">First link</a>
      </Sheet>
    </>
  );
}

describe("Sheet", () => {
  it("opens from its trigger as a named, described modal dialog", () => {
    render(<Story />);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    const sheet = screen.getByRole("dialog", { name: "Filter images" });
    const describedBy = sheet.getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe("Narrow the gallery.");
    expect(screen.getByRole("link", { name: "First link" })).toBeTruthy();
  });

  it("sits on the right by default, on the left when asked; a bottom sheet below sm either way", () => {
    const { unmount } = render(<Story />);
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    let classes = screen.getByRole("dialog").className.split(" ");
    expect(screen.getByRole("dialog").getAttribute("data-side")).toBe("right");
    expect(classes).toEqual(expect.arrayContaining(["bottom-0", "inset-x-0", "sm:right-0", "sm:inset-y-0"]));
    unmount();
    render(<Story side="left" />);
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    classes = screen.getByRole("dialog").className.split(" ");
    expect(screen.getByRole("dialog").getAttribute("data-side")).toBe("left");
    expect(classes).toContain("sm:left-0");
  });

  it("closes with its labelled close button", () => {
    render(<Story />);
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("state").textContent).toBe("closed");
  });

  it("closes on Escape", () => {
    render(<Story />);
    fireEvent.click(screen.getByRole("button", { name: "Filters" }));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
