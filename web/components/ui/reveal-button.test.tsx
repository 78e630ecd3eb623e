import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { RevealButton } from "./reveal-button.tsx";

afterEach(cleanup);

function Story() {
  const [shown, setShown] = useState(false);
  return <RevealButton shown={shown} onToggle={() => setShown((s) => !s)} showLabel="Show" hideLabel="Hide" />;
}

describe("RevealButton", () => {
  it("is a toggle whose label and aria-pressed follow the state", () => {
    render(<Story />);
    const button = screen.getByRole("button", { name: "Show" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(button.getAttribute("type")).toBe("button");
    fireEvent.click(button);
    expect(screen.getByRole("button", { name: "Hide" }).getAttribute("aria-pressed")).toBe("true");
  });
});
