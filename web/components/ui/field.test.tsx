import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Field, FormError, Input, Textarea, TextField } from "./field.tsx";

afterEach(cleanup);

function describedByText(element: HTMLElement): string[] {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing:${id}`);
}

function Controlled(props: { error?: string | null; hint?: string; disabled?: boolean; onValue?: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <TextField
      label="Email address"
      type="email"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onValue?.(next);
      }}
      hint={props.hint}
      error={props.error}
      disabled={props.disabled}
    />
  );
}

describe("Field / TextField", () => {
  it("names the input by its label and passes typed text up", () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    const input = screen.getByLabelText("Email address");
    expect(input.getAttribute("type")).toBe("email");
    fireEvent.change(input, { target: { value: "a@b.co" } });
    expect(onValue).toHaveBeenCalledWith("a@b.co");
    expect((input as HTMLInputElement).value).toBe("a@b.co");
  });

  it("is neither described nor invalid with no hint and no error", () => {
    render(<Controlled />);
    const input = screen.getByRole("textbox", { name: "Email address" });
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("is described by its hint", () => {
    render(<Controlled hint="We never share it." />);
    const input = screen.getByRole("textbox", { name: "Email address" });
    expect(describedByText(input)).toEqual(["We never share it."]);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("with an error: aria-invalid, described by hint then error, the error in the danger colour", () => {
    render(<Controlled hint="We never share it." error="Please enter a valid email address." />);
    const input = screen.getByRole("textbox", { name: "Email address" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedByText(input)).toEqual(["We never share it.", "Please enter a valid email address."]);
    expect(screen.getByText("Please enter a valid email address.").className.split(" ")).toContain("text-danger");
  });

  it("an empty error string is no error", () => {
    render(<Controlled error="" />);
    expect(screen.getByRole("textbox", { name: "Email address" }).hasAttribute("aria-invalid")).toBe(false);
  });

  it("can be marked invalid and described by a message shown elsewhere", () => {
    render(
      <>
        <TextField label="Password" value="" onChange={() => {}} invalid describedBy="form-error" />
        <FormError id="form-error" message="Incorrect e-mail or password." />
      </>,
    );
    const input = screen.getByLabelText("Password");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedByText(input)).toEqual(["Incorrect e-mail or password."]);
  });

  it("is disabled when asked", () => {
    render(<Controlled disabled />);
    expect(screen.getByRole("textbox", { name: "Email address" })).toHaveProperty("disabled", true);
  });

  it("renders a trailing control next to the input, which it pads for", () => {
    render(<TextField label="Password" value="" onChange={() => {}} trailing={<button type="button">Show</button>} />);
    expect(screen.getByRole("button", { name: "Show" })).toBeTruthy();
    expect(screen.getByLabelText("Password").className.split(" ")).toContain("pr-24");
  });

  it("wires any control, such as a textarea, through the render prop", () => {
    render(
      <Field label="Describe your thumbnail" hint="Name the subject." describedBy="counter">
        {(control) => <Textarea {...control} rows={4} />}
      </Field>,
    );
    const textarea = screen.getByRole("textbox", { name: "Describe your thumbnail" });
    expect(textarea.tagName).toBe("TEXTAREA");
    expect(textarea.getAttribute("aria-describedby")?.split(" ")).toEqual([expect.stringMatching(/-hint$/), "counter"]);
  });

  it("keeps a given id, so a label elsewhere can point at it", () => {
    render(<Field id="email" label="Email">{(control) => <Input {...control} />}</Field>);
    expect(screen.getByLabelText("Email").id).toBe("email");
  });
});

describe("FormError", () => {
  it("is an always-present alert region, visually hidden while empty", () => {
    const { rerender } = render(<FormError id="e" message={null} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("");
    expect(alert.className.split(" ")).toContain("sr-only");
    rerender(<FormError id="e" message="Something went wrong." />);
    expect(screen.getByRole("alert")).toBe(alert);
    expect(alert.textContent).toBe("Something went wrong.");
    expect(alert.className.split(" ")).not.toContain("sr-only");
  });
});
