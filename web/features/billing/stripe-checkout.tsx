import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditPackOffer } from "../../../contract/billing.ts";
import { clientRoutes } from "../../../contract/client-routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { errorCodeOf, idempotencyMessageKey } from "../../lib/api.ts";
import { confirmStripePayment, createPaymentIntent, startProSubscription } from "./api.ts";
import { formatPrice } from "./money.ts";

type Opened = { paymentId: string | null; clientSecret: string; stripe: Stripe };
type Phase = { kind: "idle" } | { kind: "opening" } | { kind: "form"; opened: Opened } | { kind: "done"; credits: number } | { kind: "processing" } | { kind: "failed"; message: string };

// Stripe's script is loaded once, and only when someone starts to pay.
let stripeScript: Promise<Stripe | null> | undefined;
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  stripeScript ??= import("@stripe/stripe-js").then(({ loadStripe }) => loadStripe(publishableKey));
  return stripeScript;
}

/** Buy one pack by card through Stripe's Payment Element; credits are shown as added only once the server says so. */
export function StripeCheckout({ pack, publishableKey }: { pack: CreditPackOffer; publishableKey: string }) {
  const { t, i18n } = useTranslation("billing");
  const price = formatPrice(pack.price, pack.currency, i18n.resolvedLanguage);
  return (
    <StripePaymentDialog
      publishableKey={publishableKey}
      price={price}
      testId="buy-pack"
      buyLabel={t("checkout.buy", { price })}
      title={t("checkout.title", { count: pack.credits })}
      description={t("checkout.description", { price })}
      start={async () => {
        const intent = await createPaymentIntent(pack.id);
        return { paymentId: intent.paymentId, clientSecret: intent.clientSecret };
      }}
    />
  );
}

/** The monthly Pro plan through Stripe Billing: the first invoice is paid in the same form; the webhook makes it Pro. */
export function StripeProCheckout({ price, credits, publishableKey }: { price: string; credits: number; publishableKey: string }) {
  const { t } = useTranslation("billing");
  return (
    <StripePaymentDialog
      publishableKey={publishableKey}
      price={price}
      testId="buy-pro"
      buyLabel={t("checkout.goPro", { price })}
      title={t("plans.pro")}
      description={t("checkout.proDescription", { price, count: credits })}
      start={async () => {
        const started = await startProSubscription();
        return { paymentId: null, clientSecret: started.clientSecret };
      }}
    />
  );
}

function StripePaymentDialog(props: {
  publishableKey: string;
  price: string;
  testId: string;
  buyLabel: string;
  title: string;
  description: string;
  start: () => Promise<{ paymentId: string | null; clientSecret: string }>;
}) {
  const { t } = useTranslation("billing");
  const { publishableKey, price } = props;
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });

  async function start() {
    setOpen(true);
    setPhase({ kind: "opening" });
    try {
      const [intent, stripe] = await Promise.all([props.start(), loadStripeOnce(publishableKey).catch(() => null)]);
      if (!stripe) {
        setPhase({ kind: "failed", message: t("checkout.formUnavailable") });
        return;
      }
      setPhase({ kind: "form", opened: { paymentId: intent.paymentId, clientSecret: intent.clientSecret, stripe } });
    } catch (err) {
      const idempotency = idempotencyMessageKey(err);
      const message = errorCodeOf(err) === "not_configured:payments" ? t("pricing.paymentsOff") : idempotency ? t(idempotency) : t("checkout.openFailed");
      setPhase({ kind: "failed", message });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPhase({ kind: "idle" });
      }}
      trigger={
        <Button size="sm" onClick={() => void start()} data-testid={props.testId}>
          {props.buyLabel}
        </Button>
      }
      title={props.title}
      description={props.description}
    >
      {phase.kind === "opening" && <p className="text-muted">{t("checkout.opening")}</p>}
      {phase.kind === "failed" && (
        <p role="alert" className="text-danger" data-testid="checkout-error">
          {phase.message}
        </p>
      )}
      {phase.kind === "form" && (
        <Elements stripe={phase.opened.stripe} options={{ clientSecret: phase.opened.clientSecret, locale: "auto" }}>
          <PaymentForm paymentId={phase.opened.paymentId} price={price} onResult={setPhase} />
        </Elements>
      )}
      {phase.kind === "done" && (
        <p role="status" className="font-semibold text-success">
          {t("checkout.done", { count: phase.credits })}
        </p>
      )}
      {phase.kind === "processing" && <p role="status">{t("checkout.processing")}</p>}
    </Dialog>
  );
}

function PaymentForm({ paymentId, price, onResult }: { paymentId: string | null; price: string; onResult: (phase: Phase) => void }) {
  const { t } = useTranslation("billing");
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    // A payment method that leaves the page (a bank's check) comes back to the credits page, which checks it there.
    const returnUrl = new URL(clientRoutes.credits, window.location.origin);
    if (paymentId) returnUrl.searchParams.set("payment", paymentId);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl.href }, redirect: "if_required" });
    if (result.error) {
      setError(result.error.message ?? t("checkout.declined"));
      setPaying(false);
      return;
    }
    // A subscription's first invoice is settled by Stripe's webhook alone: say so rather than claim success.
    if (!paymentId) {
      onResult({ kind: "processing" });
      return;
    }
    try {
      const status = await confirmStripePayment(paymentId);
      void queryClient.invalidateQueries();
      onResult(status.status === "succeeded" ? { kind: "done", credits: status.credits } : { kind: "processing" });
    } catch {
      onResult({ kind: "processing" });
    }
  }

  return (
    <div className="grid gap-4">
      <PaymentElement />
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <Button loading={paying} disabled={!stripe || !elements} onClick={() => void pay()}>
        {t("checkout.pay", { price })}
      </Button>
    </div>
  );
}
