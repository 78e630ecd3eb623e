import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { englishI18n } from "../../testing/english-i18n.ts";
import { CreditsBadge } from "./credits-badge.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

function badge(credits: number) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <CreditsBadge credits={credits} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const link = screen.getByTestId("credits-badge");
  return { phone: link.querySelector("[aria-hidden='true'].sm\\:hidden")?.textContent, full: link.textContent };
}

describe("the credits badge", () => {
  it("shows a phone the whole number up to four digits, and a short one from five on; the full count is always there for screen readers", () => {
    expect(badge(9999)).toMatchObject({ phone: "9999" });
    cleanup();
    const big = badge(12_600);
    expect(big.phone).toBe("12.6K");
    expect(big.full).toContain("12600 credits");
  });
});
