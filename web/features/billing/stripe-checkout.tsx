import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditPackOffer } from "../../../contract/billing.ts";
import { clientRoutes } from "../../../contract/client-routes.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { errorCodeOf } from "../../lib/api.ts";
import { confirmStripePayment, createPaymentIntent } from "./api.ts";
import { formatPrice } from "./money.ts";

type Opened = { paymentId: string; clientSecret: string; stripe: Stripe };
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
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const price = formatPrice(pack.price, pack.currency, i18n.resolvedLanguage);

  async function start() {
    setOpen(true);
    setPhase({ kind: "opening" });
    try {
      const [intent, stripe] = await Promise.all([createPaymentIntent(pack.id), loadStripeOnce(publishableKey).catch(() => null)]);
      if (!stripe) {
        setPhase({ kind: "failed", message: t("checkout.formUnavailable") });
        return;
      }
      setPhase({ kind: "form", opened: { paymentId: intent.paymentId, clientSecret: intent.clientSecret, stripe } });
    } catch (err) {
      setPhase({ kind: "failed", message: errorCodeOf(err) === "not_configured:payments" ? t("pricing.paymentsOff") : t("checkout.openFailed") });
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
        <Button size="sm" onClick={() => void start()} data-testid="buy-pack">
          {t("checkout.buy", { price })}
        </Button>
      }
      title={t("checkout.title", { count: pack.credits })}
      description={t("checkout.description", { price })}
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

function PaymentForm({ paymentId, price, onResult }: { paymentId: string; price: string; onResult: (phase: Phase) => void }) {
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
    returnUrl.searchParams.set("payment", paymentId);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl.href }, redirect: "if_required" });
    if (result.error) {
      setError(result.error.message ?? t("checkout.declined"));
      setPaying(false);
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
