import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { REFUND_WINDOW_HOURS, type RefundRequestRecord } from "../../../contract/billing.ts";
import type { CreditTransactionRecord } from "../../../contract/credits.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field, Textarea } from "../../components/ui/field.tsx";
import { errorCodeOf, idempotencyMessageKey } from "../../lib/api.ts";
import { fetchRefundRequests, REFUND_REQUESTS_KEY, requestRefund } from "./api.ts";
import { formatPrice } from "./money.ts";

export function useRefundRequests() {
  return useQuery({ queryKey: REFUND_REQUESTS_KEY, queryFn: fetchRefundRequests });
}

/** Whether a purchase row may still be offered a refund: within the window (the server has the last word). */
export function refundOpen(row: CreditTransactionRecord, now = Date.now()): boolean {
  return row.reason === "purchase" && now - Date.parse(row.createdAt) < REFUND_WINDOW_HOURS * 3600_000;
}

// The server's refusals, each with its own words (i18next keys cannot hold the codes' colons).
const refusals: Partial<Record<string, string>> = {
  "unprocessable:refund_window": "window",
  "unprocessable:refund_used": "used",
  "unprocessable:refund_promotional": "promotional",
  "conflict:refund_requested": "requested",
};

/** The refund request for one purchase: a reason, then the server's verdict in plain words. */
export function RefundButton({ row }: { row: CreditTransactionRecord }) {
  const { t } = useTranslation("billing");
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const send = useMutation({
    mutationFn: () => requestRefund(row.id, reason.trim()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REFUND_REQUESTS_KEY }),
  });
  const code = errorCodeOf(send.error);
  const refusal = code ? refusals[code] : undefined;
  const idempotency = idempotencyMessageKey(send.error);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="xs" variant="ghost" data-testid="request-refund">
          {t("refunds.request")}
        </Button>
      }
      title={t("refunds.title")}
      description={t("refunds.description", { hours: REFUND_WINDOW_HOURS })}
    >
      {send.isSuccess ? (
        <p role="status" className="font-semibold text-success">
          {t("refunds.sent", { count: send.data.credits })}
        </p>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate();
          }}
        >
          <Field id={`${id}-reason`} label={t("refunds.reason")} error={send.isError ? t(refusal ? `refunds.errors.${refusal}` : (idempotency ?? "refunds.errors.other")) : null}>
            {(control) => <Textarea {...control} rows={3} value={reason} minLength={3} maxLength={1000} required onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <Button type="submit" loading={send.isPending} disabled={reason.trim().length < 3}>
            {t("refunds.send")}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

/** The user's refund requests with their status and support's note. */
export function RefundRequestList({ requests }: { requests: readonly RefundRequestRecord[] }) {
  const { t, i18n } = useTranslation("billing");
  const id = useId();
  if (requests.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("refunds.listTitle")}
      </h2>
      <ul className="grid gap-2">
        {requests.map((r) => (
          <li key={r.id} className="grid gap-1 rounded-2xl bg-surface-2 p-4" data-testid="refund-request" data-status={r.status}>
            <span className="font-semibold">
              {t("refunds.summary", { count: r.credits, amount: formatPrice(r.amount, r.currency, i18n.resolvedLanguage) })}
            </span>
            <span className="text-sm">{t(`refunds.status.${r.status}`)}</span>
            {r.decisionNote && <span className="text-sm text-muted">{t("refunds.note", { note: r.decisionNote })}</span>}
            <time dateTime={r.createdAt} className="text-xs text-muted">
              {date.format(new Date(r.createdAt))}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
