import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreditPackOffer } from "../../../contract/billing.ts";
import { Button } from "../../components/ui/button.tsx";
import { errorCodeOf, idempotencyMessageKey } from "../../lib/api.ts";
import { createRazorpayOrder, verifyRazorpayPayment } from "./api.ts";
import { formatPrice } from "./money.ts";

interface RazorpayAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
interface RazorpayCheckoutWidget {
  open(): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayCheckoutWidget;

const CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
let checkoutScript: Promise<RazorpayConstructor> | undefined;

/** Razorpay's Checkout script, added once when someone starts to pay. */
function loadCheckout(): Promise<RazorpayConstructor> {
  checkoutScript ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const widget = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (widget) resolve(widget);
      else reject(new Error("Checkout did not load"));
    };
    script.onerror = () => reject(new Error("Checkout did not load"));
    document.head.append(script);
  }).catch((err: unknown) => {
    checkoutScript = undefined;
    throw err;
  });
  return checkoutScript;
}

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; credits: number } | { kind: "failed"; message: string };

/** Pay for an INR pack with UPI or a card in Razorpay Checkout; credits show as added only once the server verified it. */
export function RazorpayCheckout({ pack }: { pack: CreditPackOffer }) {
  const { t, i18n } = useTranslation("billing");
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: "idle" });
  const price = formatPrice(pack.price, pack.currency, i18n.resolvedLanguage);

  async function start() {
    setState({ kind: "busy" });
    try {
      // Checkout first: no order is opened for a visitor whose browser cannot show it.
      const Checkout = await loadCheckout();
      const order = await createRazorpayOrder(pack.id);
      const widget = new Checkout({
        key: order.keyId,
        order_id: order.orderId,
        amount: order.amount,
        currency: order.currency.toUpperCase(),
        name: "Thumbforge",
        description: t("checkout.title", { count: order.credits }),
        handler: (answer: RazorpayAnswer) => {
          verifyRazorpayPayment({ orderId: answer.razorpay_order_id, paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature }).then(
            (status) => {
              void queryClient.invalidateQueries();
              setState(status.status === "succeeded" ? { kind: "done", credits: status.credits } : { kind: "failed", message: t("checkout.processing") });
            },
            () => setState({ kind: "failed", message: t("checkout.checkFailed") }),
          );
        },
        modal: { ondismiss: () => setState({ kind: "idle" }) },
      });
      widget.open();
    } catch (err) {
      const code = errorCodeOf(err);
      const idempotency = idempotencyMessageKey(err);
      setState({ kind: "failed", message: code === undefined ? t("checkout.formUnavailable") : idempotency ? t(idempotency) : t("checkout.openFailed") });
    }
  }

  return (
    <div className="grid gap-2">
      <Button size="sm" variant="secondary" loading={state.kind === "busy"} onClick={() => void start()} data-testid="buy-pack-upi">
        {t("checkout.buyUpi", { price })}
      </Button>
      {state.kind === "done" && (
        <p role="status" className="text-sm font-semibold text-success">
          {t("checkout.done", { count: state.credits })}
        </p>
      )}
      {state.kind === "failed" && (
        <p role="alert" className="text-sm text-danger" data-testid="upi-error">
          {state.message}
        </p>
      )}
    </div>
  );
}
