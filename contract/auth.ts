import { z } from "zod/mini";

export const AUTH_PATHS = {
  sendOtp: "/api/auth/send-otp",
  verifyOtp: "/api/auth/verify-otp",
  login: "/api/auth/login",
  logout: "/api/auth/logout",
  user: "/api/auth/user",
  password: "/api/auth/password",
} as const;

/** Six digits, valid ten minutes, five wrong tries burn it, three sends per ten minutes (docs/product/accounts.md). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_WINDOW = 3;
/** The web waits this long before offering "Resend code". */
export const OTP_RESEND_SECONDS = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const sendOtpRequestSchema = z.object({
  email: z.string(),
  /** The interface language, used for the mail. */
  language: z.optional(z.string()),
});
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;

/** The same answer whether or not the e-mail has an account. */
export const sendOtpResponseSchema = z.object({ success: z.boolean(), resendAfterSeconds: z.number() });
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

export const verifyOtpRequestSchema = z.object({
  email: z.string(),
  code: z.string(),
  language: z.optional(z.string()),
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

/** Missing fields answer 'Invalid login parameters' (docs/product/accounts.md), so both are optional in the schema. */
export const loginRequestSchema = z.object({
  email: z.optional(z.nullable(z.string())),
  password: z.optional(z.nullable(z.string())),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Plans an account can be on. */
export const plans = ["free", "pro"] as const;
export type Plan = (typeof plans)[number];

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  credits: z.number(),
  plan: z.enum(plans),
  earlyBird: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const signInResponseSchema = z.object({ user: authUserSchema, sessionToken: z.string() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const setPasswordRequestSchema = z.object({
  /** Required when the account already has a password. */
  currentPassword: z.optional(z.string()),
  newPassword: z.string(),
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;

export const setPasswordResponseSchema = z.object({ user: authUserSchema, otherSessionsEnded: z.number() });
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

export const okResponseSchema = z.object({ success: z.boolean() });

export const SESSION_TOKEN_HEADER = "x-session-token";
