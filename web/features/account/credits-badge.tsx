import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";

/** The live balance in the header; it opens the credits page (balance, daily allowance, history). */
export function CreditsBadge({ credits }: { credits: number }) {
  const { t, i18n } = useTranslation("app");
  // A phone shows the number alone; from five digits on it is shortened (12.6K, 1.3万) so the header still fits 320 px.
  const short = credits >= 10_000 ? new Intl.NumberFormat(i18n.language, { notation: "compact", maximumFractionDigits: 1 }).format(credits) : String(credits);
  return (
    <Link
      to={clientRoutes.credits}
      className="inline-flex h-10 items-center gap-1.5 rounded-full border border-border bg-surface-2 px-3 text-sm font-semibold whitespace-nowrap max-[374px]:px-2 hover:bg-surface"
      data-testid="credits-badge"
      title={t("credits.badgeTitle")}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 text-primary max-[374px]:hidden" fill="currentColor">
        <path d="M12 2l2.6 6.3L21 9l-5 4.4L17.5 20 12 16.6 6.5 20 8 13.4 3 9l6.4-.7z" />
      </svg>
      {/* Narrow screens show the number alone (below 375 px without the star); the full phrase stays for screen readers. */}
      <span className="tabular-nums" aria-live="polite">
        <span aria-hidden="true" className="sm:hidden">{short}</span>
        {/* not-sr-only sets white-space back to normal: the inner span keeps "109 Credits" on one line. */}
        <span className="sr-only sm:not-sr-only">
          <span className="whitespace-nowrap">{t("credits.count", { count: credits })}</span>
        </span>
      </span>
    </Link>
  );
}
