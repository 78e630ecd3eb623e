import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IconButton, iconButtonClass } from "./icon-button.tsx";

afterEach(cleanup);

const icon = <svg data-testid="icon" viewBox="0 0 24 24" />;

describe("IconButton", () => {
  it("is named by its label, not by its icon, which is hidden from assistive tech", () => {
    render(<IconButton label="Close">{icon}</IconButton>);
    const button = screen.getByRole("button", { name: "Close" });
    expect(button.getAttribute("aria-label")).toBe("Close");
    expect(button.getAttribute("title")).toBe("Close");
    expect(screen.getByTestId("icon").closest("[aria-hidden='true']")).not.toBeNull();
    expect(button.getAttribute("type")).toBe("button");
  });

  it("clicks, and stops when disabled", () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <IconButton label="Delete" variant="danger" onClick={onClick}>
        {icon}
      </IconButton>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onClick).toHaveBeenCalledOnce();
    rerender(
      <IconButton label="Delete" variant="danger" onClick={onClick} disabled>
        {icon}
      </IconButton>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("has square sizes and the variants' looks", () => {
    expect(iconButtonClass({ size: "sm" }).split(" ")).toContain("size-9");
    expect(iconButtonClass({ size: "md" }).split(" ")).toContain("size-10");
    expect(iconButtonClass({ variant: "primary" }).split(" ")).toContain("bg-primary");
    expect(iconButtonClass().split(" ")).toContain("border-border");
  });

  it("is always named by its label, even when an aria-label slips through", () => {
    render(<IconButton label="Menu" aria-label="other">{icon}</IconButton>);
    expect(screen.getByRole("button", { name: "Menu" })).toBeTruthy();
  });
});
