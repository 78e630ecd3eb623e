import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type CreditTransactionRecord, ledgerReasons } from "../../../contract/credits.ts";

const known = new Set<string>(ledgerReasons);

/** One ledger row as a person reads it: what happened, when, the image it paid for, and the change. */
export function LedgerRow({ row, action }: { row: CreditTransactionRecord; action?: ReactNode }) {
  const { t, i18n } = useTranslation("billing");
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" }).format(new Date(row.createdAt));
  const delta = new Intl.NumberFormat(i18n.resolvedLanguage, { signDisplay: "exceptZero" }).format(row.delta);
  const reason = known.has(row.reason) ? row.reason : "other";
  return (
    <li className="flex items-center gap-3 py-3" data-testid="ledger-row" data-reason={row.reason}>
      {row.image ? (
        <img src={row.image.thumb} alt={row.image.prompt || t("ledger.imageAlt")} className="size-12 shrink-0 rounded-lg border border-border object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-lg bg-surface-2 text-lg">
          {row.delta >= 0 ? "+" : "−"}
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-semibold">{t(`reasons.${reason}.title`)}</span>
        <span className="text-sm text-muted">{t(`reasons.${reason}.detail`)}</span>
        <time dateTime={row.createdAt} className="text-xs text-muted">
          {when}
        </time>
        {action}
      </div>
      <span className={`shrink-0 text-lg font-bold tabular-nums ${row.delta >= 0 ? "text-success" : "text-fg"}`}>
        <span className="sr-only">{t("ledger.change")}: </span>
        {delta}
      </span>
    </li>
  );
}
