import type { InfiniteData } from "@tanstack/react-query";
import {
  type CreditsResponse,
  creditsPath,
  creditsResponseSchema,
  type DailyAllowanceClaim,
  dailyAllowanceClaimSchema,
  dailyAllowancePath,
} from "../../../contract/credits.ts";
import {
  CREATE_PAYMENT_INTENT_PATH,
  type CreatePaymentIntentResponse,
  type CreateSubscriptionResponse,
  createSubscriptionResponseSchema,
  PRO_SUBSCRIPTION_PATH,
  confirmStripePaymentPath,
  createPaymentIntentResponseSchema,
  PRICING_PATH,
  type PaymentStatusResponse,
  type PricingResponse,
  paymentStatusResponseSchema,
  pricingResponseSchema,
  RAZORPAY_ORDERS_PATH,
  RAZORPAY_VERIFY_PATH,
  type RazorpayOrderResponse,
  razorpayOrderResponseSchema,
  REFUND_REQUESTS_PATH,
  type RefundRequestRecord,
  refundRequestListSchema,
  refundRequestResponseSchema,
} from "../../../contract/billing.ts";
import { actionRequest, apiRequest, defaultQueryFn, throwIfResNotOk } from "../../lib/api.ts";
import { readSessionToken } from "../../lib/session-token.ts";

export const LEDGER_PAGE_SIZE = 50;

export type LedgerPages = InfiniteData<CreditsResponse, string | null>;

export const ledgerKey = (userId: string) => ["credits-ledger", userId] as const;

export async function fetchLedgerPage(userId: string, cursor: string | null, signal?: AbortSignal): Promise<CreditsResponse> {
  const params = new URLSearchParams({ limit: String(LEDGER_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  const token = readSessionToken();
  const res = await fetch(`${creditsPath(userId)}?${params}`, {
    credentials: "include",
    headers: token ? { "x-session-token": token } : {},
    signal,
  });
  await throwIfResNotOk(res);
  return creditsResponseSchema.parse(await res.json());
}

export async function claimDailyAllowance(userId: string): Promise<DailyAllowanceClaim> {
  const res = await apiRequest("POST", dailyAllowancePath(userId), {});
  return dailyAllowanceClaimSchema.parse(await res.json());
}

export const PRICING_KEY = [PRICING_PATH] as const;

export async function fetchPricing(context: Parameters<typeof defaultQueryFn>[0]): Promise<PricingResponse> {
  return pricingResponseSchema.parse(await defaultQueryFn(context));
}

export async function createPaymentIntent(packId: string): Promise<CreatePaymentIntentResponse> {
  const res = await actionRequest("POST", CREATE_PAYMENT_INTENT_PATH, { packId });
  return createPaymentIntentResponseSchema.parse(await res.json());
}

/** Asks the server to check a payment with the provider; it grants the credits if the payment went through. */
export async function confirmStripePayment(paymentId: string): Promise<PaymentStatusResponse> {
  const res = await apiRequest("POST", confirmStripePaymentPath(paymentId), {});
  return paymentStatusResponseSchema.parse(await res.json());
}

export const REFUND_REQUESTS_KEY = [REFUND_REQUESTS_PATH] as const;

export async function fetchRefundRequests(context: Parameters<typeof defaultQueryFn>[0]): Promise<RefundRequestRecord[]> {
  return refundRequestListSchema.parse(await defaultQueryFn(context)).refundRequests;
}

export async function requestRefund(transactionId: string, reason: string): Promise<RefundRequestRecord> {
  const res = await actionRequest("POST", REFUND_REQUESTS_PATH, { transactionId, reason });
  return refundRequestResponseSchema.parse(await res.json()).refundRequest;
}

export async function createRazorpayOrder(packId: string): Promise<RazorpayOrderResponse> {
  const res = await actionRequest("POST", RAZORPAY_ORDERS_PATH, { packId });
  return razorpayOrderResponseSchema.parse(await res.json());
}

export async function verifyRazorpayPayment(body: { orderId: string; paymentId: string; signature: string }): Promise<PaymentStatusResponse> {
  const res = await apiRequest("POST", RAZORPAY_VERIFY_PATH, body);
  return paymentStatusResponseSchema.parse(await res.json());
}

export async function startProSubscription(): Promise<CreateSubscriptionResponse> {
  const res = await actionRequest("POST", PRO_SUBSCRIPTION_PATH);
  return createSubscriptionResponseSchema.parse(await res.json());
}
