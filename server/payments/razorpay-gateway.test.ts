import { createHmac } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The real comparison, watched: a signature must be compared in constant time, not with ===.
const compared = vi.hoisted(() => ({ calls: 0 }));
vi.mock(import("../secret-equal.ts"), async (importOriginal) => {
  const real = await importOriginal();
  return {
    secretsEqual: (presented: string | Uint8Array, expected: string | Uint8Array) => {
      compared.calls++;
      return real.secretsEqual(presented, expected);
    },
  };
});

const { createRazorpayGateway } = await import("./razorpay-gateway.ts");
const { BadSignatureError } = await import("./stripe-gateway.ts");

const settings = { keyId: "rzp_test_key", keySecret: "key-secret-for-tests", webhookSecret: "webhook-secret-for-tests" };
const sign = (message: string, secret: string) => createHmac("sha256", secret).update(message).digest("hex");
const gateway = createRazorpayGateway(settings);

beforeEach(() => {
  compared.calls = 0;
});

describe("Razorpay signatures", () => {
  it("accepts Checkout's HMAC of order_id|payment_id and refuses any other, comparing in constant time", () => {
    const good = sign("order_1|pay_1", settings.keySecret);
    expect(() => gateway.verifyCheckout("order_1", "pay_1", good)).not.toThrow();
    for (const bad of [sign("order_1|pay_2", settings.keySecret), good.slice(0, -1), "", `${good}0`]) {
      expect(() => gateway.verifyCheckout("order_1", "pay_1", bad)).toThrow(BadSignatureError);
    }
    expect(compared.calls).toBe(5);
  });

  it("accepts a webhook signed over its raw bytes and refuses a missing or wrong signature, comparing in constant time", () => {
    const body = JSON.stringify({ event: "payment.authorized", payload: {} });
    expect(gateway.verifyWebhook(Buffer.from(body), sign(body, settings.webhookSecret))).toBeUndefined();
    expect(() => gateway.verifyWebhook(Buffer.from(body), sign(body, settings.keySecret))).toThrow(BadSignatureError);
    expect(() => gateway.verifyWebhook(Buffer.from(body), undefined)).toThrow(BadSignatureError);
    expect(compared.calls).toBe(2);
  });
});
