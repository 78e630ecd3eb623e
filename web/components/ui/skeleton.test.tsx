import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Skeleton } from "./skeleton.tsx";

afterEach(cleanup);

describe("Skeleton", () => {
  it("is hidden from assistive tech, inside a region that says it is loading", () => {
    render(
      <div role="status" aria-label="Loading images">
        <Skeleton className="h-3 w-3/4" />
      </div>,
    );
    expect(screen.getByTestId("skeleton").getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("status", { name: "Loading images" }).textContent).toBe("");
  });

  it("pulses only when motion is welcome (prefers-reduced-motion keeps it still)", () => {
    render(<Skeleton />);
    const classes = screen.getByTestId("skeleton").className.split(" ");
    expect(classes).toContain("motion-safe:animate-pulse");
    expect(classes).not.toContain("animate-pulse");
  });

  it("takes the shape it is given", () => {
    render(<Skeleton className="aspect-video rounded-none" />);
    expect(screen.getByTestId("skeleton").className.split(" ")).toEqual(expect.arrayContaining(["aspect-video", "bg-surface-2"]));
  });
});
