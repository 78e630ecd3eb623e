import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CodeInput } from "./code-input.tsx";

afterEach(cleanup);

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [digits, setDigits] = useState(["", "", "", "", "", ""]);
  return (
    <>
      <span id="label">Code</span>
      <CodeInput value={digits} onChange={setDigits} onComplete={onComplete} labelledBy="label" digitLabel={(n) => `Digit ${n}`} />
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;

describe("CodeInput", () => {
  it("offers the one-time code to autofill on the first box only", () => {
    render(<Harness onComplete={() => {}} />);
    expect(box(1).getAttribute("autocomplete")).toBe("one-time-code");
    expect(box(2).getAttribute("autocomplete")).toBe("off");
    expect(box(1).inputMode).toBe("numeric");
  });

  it("spreads a pasted code across the boxes, ignoring spaces and dashes, and completes", () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    act(() => {
      fireEvent.paste(box(1), { clipboardData: { getData: () => " 123-456 " } });
    });
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join("")).toBe("123456");
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("moves on as digits are typed, ignores letters, and Backspace on an empty box clears the previous one", () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: "7" } });
    fireEvent.change(box(2), { target: { value: "x" } });
    expect(box(2).value).toBe("");
    fireEvent.change(box(2), { target: { value: "8" } });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(box(2).value).toBe("");
    expect(document.activeElement).toBe(box(2));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it("accepts a whole code typed or autofilled into the first box", () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: "908172" } });
    expect(onComplete).toHaveBeenCalledWith("908172");
  });
});
