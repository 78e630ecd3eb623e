import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button, buttonClass } from "./button.tsx";

afterEach(cleanup);

describe("Button", () => {
  it.each([
    ["primary", "bg-primary"],
    ["secondary", "border-border"],
    ["ghost", "text-muted"],
    ["danger", "bg-danger"],
  ] as const)("draws the %s variant", (variant, token) => {
    render(<Button variant={variant}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("data-variant")).toBe(variant);
    expect(button.className.split(" ")).toContain(token);
  });

  it("is a primary, large, non-submitting button by default", () => {
    render(
      <form onSubmit={() => expect.unreachable("a plain Button must not submit")}>
        <Button>Go</Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Go" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.className.split(" ")).toEqual(expect.arrayContaining(["bg-primary", "h-12"]));
    fireEvent.click(button);
  });

  it("submits its form when asked to", () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Send</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it.each([
    ["xs", "h-9"],
    ["sm", "h-10"],
    ["md", "h-11"],
    ["lg", "h-12"],
  ] as const)("has the %s size", (size, height) => {
    expect(buttonClass({ size }).split(" ")).toContain(height);
  });

  it("is disabled and ignores clicks when disabled", () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute("aria-busy")).toBeNull();
  });

  it("while loading: busy, disabled, a hidden spinner, and the same name", () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        Saving…
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Saving…" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByTestId("button-spinner").getAttribute("aria-hidden")).toBe("true");
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Save</Button>);
    expect(screen.queryByTestId("button-spinner")).toBeNull();
    expect(screen.getByRole("button", { name: "Save" }).getAttribute("aria-busy")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("keeps the caller's classes and attributes", () => {
    render(
      <Button className="w-full" data-testid="wide" aria-describedby="note">
        Wide
      </Button>,
    );
    const button = screen.getByTestId("wide");
    expect(button.className.split(" ")).toContain("w-full");
    expect(button.getAttribute("aria-describedby")).toBe("note");
  });
});
