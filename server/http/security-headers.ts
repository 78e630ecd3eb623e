import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Config } from "../config.ts";

const STRIPE_FRAMES = ["https://js.stripe.com"];
const RAZORPAY_FRAMES = ["https://api.razorpay.com", "https://checkout.razorpay.com"];

/** The payment providers' frames that are switched on: the only ones allowed the Payment Request API. */
export function paymentFrameOrigins(config: Pick<Config, "stripe" | "razorpay">): string[] {
  return [...(config.stripe?.publishableKey ? STRIPE_FRAMES : []), ...(config.razorpay ? RAZORPAY_FRAMES : [])];
}

/** Helmet with the site's Content-Security-Policy: payment providers' origins only where they are configured. */
export function securityHeaders(config: Pick<Config, "stripe" | "razorpay" | "isProduction">): RequestHandler {
  // Stripe's Payment Element is Stripe's script and frames: allowed only on a server that takes card payments.
  const stripeJs = config.stripe?.publishableKey ? STRIPE_FRAMES : [];
  // Razorpay Checkout likewise: its script and its frames, only where Razorpay is on.
  const razorpayJs = config.razorpay ? ["https://checkout.razorpay.com"] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs, ...razorpayJs],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripeJs.length > 0 ? ["https://api.stripe.com"] : []), ...(razorpayJs.length > 0 ? ["https://lumberjack.razorpay.com"] : [])],
        ...(stripeJs.length + razorpayJs.length > 0
          ? {
              frameSrc: ["'self'", ...paymentFrameOrigins(config), ...(stripeJs.length > 0 ? ["https://hooks.stripe.com"] : [])],
            }
          : {}),
        mediaSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The headers a middleware sets, read once: helmet's answer depends on nothing in the request (no nonces), so a page
 * served outside Express can carry exactly the same ones without running it per request.
 */
export function headersSetBy(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let passed = false;
  void middleware({ headers: {}, method: "GET", url: "/" } as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error("the security headers middleware did not answer at once");
  return headers;
}
