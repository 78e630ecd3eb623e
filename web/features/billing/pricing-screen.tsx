import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AuthUser } from "../../../contract/auth.ts";
import type { CreditPackOffer, PricingResponse } from "../../../contract/billing.ts";
import { clientRoutes } from "../../../contract/client-routes.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { fetchModels, MODELS_KEY } from "../../lib/models-api.ts";
import { fetchPricing, PRICING_KEY } from "./api.ts";
import { formatPrice } from "./money.ts";
import { RazorpayCheckout } from "./razorpay-checkout.tsx";
import { StripeCheckout, StripeProCheckout } from "./stripe-checkout.tsx";

/** The way to pay for a pack here, or nothing when no provider of this server can take it. */
function PackPurchase({ pack, offer }: { pack: CreditPackOffer; offer: PricingResponse }): ReactNode {
  const stripe = pack.providers.includes("stripe") && offer.stripe ? offer.stripe : null;
  const razorpay = pack.providers.includes("razorpay") && offer.razorpay !== null;
  return (
    <div className="grid gap-2">
      {stripe && <StripeCheckout pack={pack} publishableKey={stripe.publishableKey} />}
      {razorpay && <RazorpayCheckout pack={pack} />}
    </div>
  );
}

/**
 * /app/pricing (docs/product/payments.md): the Free Plan, the monthly Pro plan and the credit packs, priced from the
 * server's configuration in the reader's locale, and what each model costs. Without payment providers it still shows
 * everything and says plainly that payments are not available here; it never offers a button that cannot work.
 */
export function PricingScreen({ user }: { user: AuthUser }) {
  const { t, i18n } = useTranslation("billing");
  const id = useId();
  const pricing = useQuery({ queryKey: PRICING_KEY, queryFn: fetchPricing });
  const models = useQuery({ queryKey: MODELS_KEY, queryFn: fetchModels }).data?.models;
  const locale = i18n.resolvedLanguage;
  const offer = pricing.data;
  return (
    <main id="main" className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-black sm:text-3xl">{t("pricing.title")}</h1>
        <p className="text-muted">{t("pricing.subtitle")}</p>
      </div>
      {pricing.isPending && <p className="text-muted">{t("pricing.loading")}</p>}
      {pricing.isError && (
        <p role="alert" className="text-danger">
          {t("pricing.failed")}
        </p>
      )}
      {offer && !offer.paymentsConfigured && (
        <div role="status" className="rounded-2xl border border-border bg-surface-2 p-4" data-testid="payments-off">
          <p className="font-semibold">{t("pricing.paymentsOff")}</p>
          <p className="text-sm text-muted">{t("pricing.paymentsOffBody")}</p>
        </div>
      )}
      {offer && (
        <>
          <section aria-labelledby={`${id}-plans`} className="grid gap-4">
            <h2 id={`${id}-plans`} className="text-lg font-bold">
              {t("pricing.plans")}
            </h2>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <Card data-testid="plan-free">
                <h3 className="text-xl font-black">{t("plans.free")}</h3>
                <p className="mt-1 text-3xl font-black">{formatPrice(0, offer.pro.currency, locale)}</p>
                <p className="mt-2 text-sm text-muted">
                  {offer.dailyFreeCredits > 0 ? t("pricing.freeBody", { count: offer.dailyFreeCredits }) : t("pricing.freeBodyNoAllowance")}
                </p>
                {user.plan === "free" ? (
                  <p className="mt-4 text-sm font-semibold">{t("pricing.current")}</p>
                ) : null}
                <Link to={clientRoutes.credits} className={buttonClass({ variant: "secondary", size: "sm", className: "mt-4" })}>
                  {t("pricing.seeCredits")}
                </Link>
              </Card>
              <Card data-testid="plan-pro">
                <h3 className="text-xl font-black">{t("plans.pro")}</h3>
                <p className="mt-1 text-3xl font-black">
                  {t("pricing.perMonth", { price: formatPrice(offer.pro.price, offer.pro.currency, locale) })}
                </p>
                <p className="mt-2 text-sm text-muted">{t("pricing.proBody", { count: offer.pro.credits })}</p>
                {user.plan === "pro" ? <p className="mt-4 text-sm font-semibold">{t("pricing.current")}</p> : null}
                {user.plan !== "pro" && offer.pro.providers.includes("stripe") && offer.stripe ? (
                  <div className="mt-4">
                    <StripeProCheckout price={formatPrice(offer.pro.price, offer.pro.currency, locale)} credits={offer.pro.credits} publishableKey={offer.stripe.publishableKey} />
                  </div>
                ) : null}
                {user.plan !== "pro" && offer.paymentsConfigured && offer.pro.providers.length === 0 ? (
                  <p className="mt-4 text-sm text-muted">{t("pricing.proUnavailable")}</p>
                ) : null}
              </Card>
            </div>
          </section>
          <section aria-labelledby={`${id}-packs`} className="grid gap-4">
            <h2 id={`${id}-packs`} className="text-lg font-bold">
              {t("pricing.packs")}
            </h2>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {offer.packs.map((pack) => (
                <Card as="li" key={pack.id} data-testid="pack" data-pack={pack.id}>
                  <h3 className="text-lg font-bold">{t("pricing.packCredits", { count: pack.credits })}</h3>
                  <p className="mt-1 text-2xl font-black">{formatPrice(pack.price, pack.currency, locale)}</p>
                  <p className="mt-1 text-sm text-muted">{t("pricing.packNote")}</p>
                  {pack.providers.length > 0 ? (
                    <div className="mt-4">
                      <PackPurchase pack={pack} offer={offer} />
                    </div>
                  ) : null}
                  {pack.providers.length === 0 && offer.paymentsConfigured ? <p className="mt-4 text-sm text-muted">{t("pricing.packUnavailable")}</p> : null}
                </Card>
              ))}
            </ul>
            <p className="text-sm text-muted">
              {t("pricing.refundNote")}{" "}
              <Link to={clientRoutes.refund} className="underline">
                {t("pricing.refundLink")}
              </Link>
            </p>
          </section>
        </>
      )}
      {models && (
        <section aria-labelledby={`${id}-costs`} className="grid gap-3">
          <h2 id={`${id}-costs`} className="text-lg font-bold">
            {t("pricing.costs")}
          </h2>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="model-costs">
            {models.map((model) => (
              <li key={model.id} className="flex items-center justify-between rounded-xl bg-surface-2 px-3 py-2">
                <span className="font-medium">{model.label}</span>
                <span className="text-sm tabular-nums">{t("pricing.perImage", { count: model.creditCost })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
