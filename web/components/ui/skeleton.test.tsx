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

  it("takes the shape it is given: rounded lines, or a flush block", () => {
    render(
      <>
        <Skeleton className="h-3 w-3/4" />
        <Skeleton flush className="aspect-video" />
      </>,
    );
    const [line, block] = screen.getAllByTestId("skeleton").map((element) => element.className.split(" "));
    expect(line).toEqual(expect.arrayContaining(["h-3", "w-3/4", "rounded", "bg-surface-2"]));
    expect(block).toEqual(expect.arrayContaining(["aspect-video", "bg-surface-2"]));
    expect(block).not.toContain("rounded");
  });
});
