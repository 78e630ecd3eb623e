import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "./button.tsx";
import { EmptyState } from "./empty-state.tsx";

afterEach(cleanup);

describe("EmptyState", () => {
  it("shows a title, a line of text, a hidden icon and an action", () => {
    const onAction = vi.fn();
    render(
      <EmptyState
        data-testid="empty"
        icon={<svg data-testid="icon" />}
        title="No images yet"
        text="Your thumbnails will appear here."
        action={<Button onClick={onAction}>Create one</Button>}
      />,
    );
    const empty = screen.getByTestId("empty");
    expect(screen.getByText("No images yet")).toBeTruthy();
    expect(screen.getByText("Your thumbnails will appear here.")).toBeTruthy();
    expect(screen.getByTestId("icon").closest("[aria-hidden='true']")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Create one" }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(empty.className.split(" ")).toContain("border-dashed");
  });

  it("shows only what it is given, and drops the frame when asked", () => {
    render(<EmptyState data-testid="empty" title="Nothing here" framed={false} />);
    const empty = screen.getByTestId("empty");
    expect(empty.textContent).toBe("Nothing here");
    expect(screen.queryByRole("button")).toBeNull();
    expect(empty.querySelector("[aria-hidden='true']")).toBeNull();
    expect(empty.className.split(" ")).not.toContain("border-dashed");
  });
});
