import type { RequestHandler } from "express";

// Browser features the app never uses, denied to its pages and to every frame in them (a script that got in
// cannot turn on the camera or read the location). The clipboard stays: the gallery and personas copy text.
const denied = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/**
 * The Permissions-Policy header. Payment (the Payment Request API behind Apple Pay and Google Pay) is allowed only
 * to the payment providers' own frames, and only where that provider is on, as the CSP's frame-src: Stripe's
 * Payment Element runs its wallets in frames of js.stripe.com, Razorpay Checkout in frames of its own hosts.
 */
export function permissionsPolicy(paymentFrames: readonly string[]): RequestHandler {
  const payment = paymentFrames.length > 0 ? `payment=(self ${paymentFrames.map((origin) => `"${origin}"`).join(" ")})` : "payment=()";
  const value = [...denied.map((feature) => `${feature}=()`), payment].join(", ");
  return (_req, res, next) => {
    res.setHeader("Permissions-Policy", value);
    next();
  };
}
