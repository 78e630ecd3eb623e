import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { AuthUser } from "../../../contract/auth.ts";
import { clientRoutes } from "../../../contract/client-routes.ts";
import type { DailyAllowance } from "../../../contract/credits.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useSocketEvent, useSocketReconnect } from "../../lib/socket-context.tsx";
import { claimDailyAllowance, confirmStripePayment, fetchLedgerPage, ledgerKey } from "./api.ts";
import { LedgerRow } from "./ledger-row.tsx";
import { RefundButton, RefundRequestList, refundOpen, useRefundRequests } from "./refunds.tsx";

/** /app/credits: the balance, the Free Plan's daily allowance and every ledger row, newest first, kept live. */
export function CreditsScreen({ user }: { user: AuthUser }) {
  const { t } = useTranslation("billing");
  const id = useId();
  const queryClient = useQueryClient();
  const ledger = useInfiniteQuery({
    queryKey: ledgerKey(user.id),
    queryFn: ({ pageParam, signal }) => fetchLedgerPage(user.id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  // Any balance change (a charge in another tab, a grant, a refund) brings its ledger row: read the ledger again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ledgerKey(user.id) });
  useSocketEvent("credits:update", refresh);
  useSocketReconnect(refresh);
  const claim = useMutation({ mutationFn: () => claimDailyAllowance(user.id), onSuccess: refresh });
  // Back from a payment that left the page (a bank's check): the server checks it with the provider and settles it.
  const [params] = useSearchParams();
  const returned = params.get("payment");
  const payment = useQuery({ queryKey: ["payment-return", returned], queryFn: () => confirmStripePayment(returned ?? ""), enabled: returned !== null });

  const refunds = useRefundRequests();
  const requested = new Set(refunds.data?.map((r) => r.transactionId));
  const first = ledger.data?.pages[0];
  const rows = ledger.data?.pages.flatMap((p) => p.transactions) ?? [];
  return (
    <main id="main" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <h1 className="text-2xl font-black sm:text-3xl">{t("credits.title")}</h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Card>
          <h2 className="text-sm font-semibold text-muted">{t("credits.balance")}</h2>
          <p className="mt-2 text-5xl font-black tabular-nums" data-testid="credits-balance">
            {user.credits}
          </p>
          <p className="mt-2 text-sm text-muted">{t("credits.plan", { plan: t(`plans.${user.plan}`) })}</p>
          <Link to={clientRoutes.pricing} className={buttonClass({ variant: "secondary", size: "sm", className: "mt-4" })}>
            {t("credits.upgrade")}
          </Link>
        </Card>
        {first && <AllowanceCard allowance={first.dailyAllowance} claiming={claim.isPending} onClaim={() => claim.mutate()} granted={claim.data?.granted} />}
      </div>
      {returned && (
        <p role="status" className="rounded-2xl bg-surface-2 p-4 font-semibold" data-testid="payment-return">
          {payment.isPending
            ? t("checkout.checking")
            : payment.data?.status === "succeeded"
              ? t("checkout.done", { count: payment.data.credits })
              : payment.isError
                ? t("checkout.checkFailed")
                : t("checkout.processing")}
        </p>
      )}
      {claim.isError && (
        <p role="alert" className="text-danger">
          {t("credits.claimFailed")}
        </p>
      )}
      <RefundRequestList requests={refunds.data ?? []} />
      <section aria-labelledby={`${id}-ledger`} className="grid gap-2">
        <h2 id={`${id}-ledger`} className="text-lg font-bold">
          {t("ledger.title")}
        </h2>
        {ledger.isPending && <p className="text-muted">{t("ledger.loading")}</p>}
        {ledger.isError && (
          <div role="alert" className="flex items-center gap-3">
            <span>{t("ledger.failed")}</span>
            <Button size="sm" variant="secondary" onClick={() => void ledger.refetch()}>
              {t("ledger.retry")}
            </Button>
          </div>
        )}
        {ledger.isSuccess && rows.length === 0 && <p className="text-muted">{t("ledger.empty")}</p>}
        <ul className="divide-y divide-border" aria-label={t("ledger.title")}>
          {rows.map((row) => (
            <LedgerRow key={row.id} row={row} action={refunds.isSuccess && !requested.has(row.id) && refundOpen(row) ? <RefundButton row={row} /> : null} />
          ))}
        </ul>
        {ledger.hasNextPage && (
          <Button variant="secondary" size="sm" loading={ledger.isFetchingNextPage} onClick={() => void ledger.fetchNextPage()}>
            {t("ledger.more")}
          </Button>
        )}
      </section>
    </main>
  );
}

function AllowanceCard({ allowance, claiming, onClaim, granted }: { allowance: DailyAllowance; claiming: boolean; onClaim: () => void; granted: number | undefined }) {
  const { t, i18n } = useTranslation("billing");
  if (allowance.credits === 0) return null;
  const next = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: "short", hour: "numeric", minute: "2-digit" }).format(new Date(allowance.nextRefillAt));
  return (
    <Card>
      <h2 className="text-sm font-semibold text-muted">{t("allowance.title")}</h2>
      <p className="mt-2 text-sm">{t("allowance.body", { count: allowance.credits })}</p>
      {allowance.claimable ? (
        <Button className="mt-4" size="sm" loading={claiming} onClick={onClaim} data-testid="claim-allowance">
          {t("allowance.claim", { count: allowance.credits })}
        </Button>
      ) : (
        <p className="mt-4 text-sm font-semibold" data-testid="next-refill">
          {granted ? t("allowance.granted", { count: granted }) + " " : ""}
          {t("allowance.next", { time: next })}
        </p>
      )}
    </Card>
  );
}
