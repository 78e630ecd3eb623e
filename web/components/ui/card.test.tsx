import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Card, cardClass } from "./card.tsx";

afterEach(cleanup);

describe("Card", () => {
  it("is a div with the surface, border and a soft shadow by default", () => {
    render(<Card data-testid="card">Body</Card>);
    const card = screen.getByTestId("card");
    expect(card.tagName).toBe("DIV");
    expect(card.className.split(" ")).toEqual(expect.arrayContaining(["rounded-3xl", "border-border", "bg-surface", "p-6", "shadow-sm"]));
  });

  it("renders the element asked for, keeping its role and attributes", () => {
    render(
      <ul>
        <Card as="li" padding="none" data-testid="tile" data-status="ready">
          Tile
        </Card>
      </ul>,
    );
    const tile = screen.getByRole("listitem");
    expect(tile).toBe(screen.getByTestId("tile"));
    expect(tile.getAttribute("data-status")).toBe("ready");
    expect(tile.className.split(" ")).not.toContain("p-6");
  });

  it("is a named region as a labelled section", () => {
    render(
      <Card as="section" aria-labelledby="t" padding="lg" elevation="floating">
        <h2 id="t">Create a thumbnail</h2>
      </Card>,
    );
    const region = screen.getByRole("region", { name: "Create a thumbnail" });
    expect(region.className.split(" ")).toEqual(expect.arrayContaining(["p-6", "sm:p-8", "shadow-xl"]));
  });

  it("rounds less as a small tile", () => {
    const classes = cardClass({ radius: "md" }).split(" ");
    expect(classes).toContain("rounded-2xl");
    expect(classes).not.toContain("rounded-3xl");
  });

  it("has a flat look without a shadow and keeps extra classes", () => {
    const classes = cardClass({ elevation: "flat", className: "overflow-hidden" }).split(" ");
    expect(classes.some((c) => c.startsWith("shadow"))).toBe(false);
    expect(classes).toContain("overflow-hidden");
  });
});
