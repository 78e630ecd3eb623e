import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApprovalCard, type ApprovalPart } from "./approval-card.tsx";
import { englishI18n, renderChat } from "./testing.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

const quote = { cost: 24, balance: 40, count: 3, modelId: "flux-kontext-max", modelLabel: "FLUX.1 Kontext [max]" };
const waiting = {
  type: "tool-generatePack",
  toolCallId: "c1",
  state: "approval-requested",
  input: { prompt: "My first marathon" },
  approval: { id: "ap-1", descriptor: { quote, turn: {} } },
} as ApprovalPart;

describe("ApprovalCard", () => {
  it("shows the cost, the balance after and the model, and answers with Approve or Deny from the keyboard", () => {
    const answer = vi.fn();
    renderChat(<ApprovalCard part={waiting} actions={{ availability: "open", answer }} />, i18n);
    expect(screen.getByRole("article", { name: "Approve this spend?" })).toBeTruthy();
    expect(screen.getByTestId("approval-cost").textContent).toBe("24 credits");
    expect(screen.getByTestId("approval-after").textContent).toBe("16 credits");
    expect(screen.getByText("FLUX.1 Kontext [max]")).toBeTruthy();
    expect(screen.getByText("My first marathon")).toBeTruthy();
    const approve = screen.getByRole("button", { name: "Approve" });
    approve.focus();
    expect(document.activeElement).toBe(approve);
    fireEvent.click(approve);
    fireEvent.click(screen.getByRole("button", { name: "Deny" }));
    expect(answer.mock.calls).toEqual([
      ["ap-1", true],
      ["ap-1", false],
    ]);
  });

  it("offers no buttons while the answer streams, and says nothing was spent once denied or left behind", () => {
    const { unmount } = renderChat(<ApprovalCard part={waiting} actions={{ availability: "busy", answer: vi.fn() }} />, i18n);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
    unmount();

    const denied = { ...waiting, state: "output-denied", approval: { id: "ap-1", approved: false, descriptor: { quote, turn: {} } } } as ApprovalPart;
    const second = renderChat(<ApprovalCard part={denied} actions={{ availability: "open", answer: vi.fn() }} />, i18n);
    expect(screen.getByRole("status").textContent).toBe("Denied. Nothing was made and no credits were spent.");
    expect(screen.queryByRole("button")).toBeNull();
    second.unmount();

    renderChat(<ApprovalCard part={waiting} actions={{ availability: "closed", answer: vi.fn() }} />, i18n);
    expect(screen.getByRole("status").textContent).toBe("Not approved. Nothing was made and no credits were spent.");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
