import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Button } from "./button.tsx";
import { Dialog, DialogClose } from "./dialog.tsx";

afterEach(cleanup);

function Story({ initiallyOpen = false, described = true }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <p data-testid="state">{open ? "open" : "closed"}</p>
      <Dialog open={open} onOpenChange={setOpen} trigger={<Button>Change password</Button>} title="Change your password" description={described ? "Pick a new one." : undefined}>
        <input aria-label="New password" />
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      </Dialog>
    </>
  );
}

describe("Dialog", () => {
  it("is closed until its trigger is used, which reports aria-expanded", () => {
    render(<Story />);
    const trigger = screen.getByRole("button", { name: "Change password" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(trigger);
    expect(screen.getByRole("dialog", { name: "Change your password" })).toBeTruthy();
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
  });

  it("is named by its title, described by its description, and modal", () => {
    render(<Story initiallyOpen />);
    const dialog = screen.getByRole("dialog", { name: "Change your password" });
    const describedBy = dialog.getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe("Pick a new one.");
    // Radix hides everything outside a modal dialog from assistive tech.
    expect(screen.getByTestId("state").closest("[aria-hidden='true']")).not.toBeNull();
  });

  it("has no dangling aria-describedby without a description", () => {
    render(<Story initiallyOpen described={false} />);
    expect(screen.getByRole("dialog", { name: "Change your password" }).hasAttribute("aria-describedby")).toBe(false);
  });

  it("moves focus inside when it opens", async () => {
    render(<Story />);
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true);
  });

  it("closes on Escape", () => {
    render(<Story initiallyOpen />);
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("state").textContent).toBe("closed");
  });

  it("closes from a DialogClose button inside", () => {
    render(<Story initiallyOpen />);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("state").textContent).toBe("closed");
  });
});
