import {
  type AuthUser,
  type LoginRequest,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_SENDS_PER_WINDOW,
  OTP_TTL_SECONDS,
  PASSWORD_MAX_LENGTH,
  type SendOtpRequest,
  type SendOtpResponse,
  type SetPasswordRequest,
  type SetPasswordResponse,
  type VerifyOtpRequest,
} from "../../contract/auth.ts";
import { normalizedEmail } from "../../contract/email.ts";
import { defaultLanguage, isLanguage } from "../../contract/languages.ts";
import type { User } from "../../db/schema/users.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { codeMail } from "./code-mail.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { BackoffRule, RateLimiter, RateRule } from "../rate-limit/service.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { checkPasswordPolicy, createDummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import type { Sessions, ValidSession } from "./sessions.ts";
import type { AuthStore } from "./store.ts";
import { generateOtp, hashOtp, otpMatches } from "./tokens.ts";

const TEN_MINUTES = 10 * 60_000;

export interface AuthServiceDeps {
  store: AuthStore;
  sessions: Sessions;
  credits: CreditsService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  realtime: RealtimePublisher;
  /** HMAC key for stored one-time codes. */
  otpKey: Uint8Array;
  clock: () => number;
  logger: Logger;
  limits: { otpSendsPerIp: number; failuresPerIp: number };
}

export interface SignedIn {
  user: AuthUser;
  sessionToken: string;
  expiresAt: Date;
}

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    credits: user.credits,
    plan: user.plan,
    earlyBird: user.earlyBird,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

const invalidCode = () => new AppError("unauthorized:code", "That code is not valid or has expired. Request a new one.");
const badCredentials = () => new AppError("unauthorized:credentials", "Incorrect e-mail or password.");

function emailOf(raw: string): string {
  const email = normalizedEmail(raw);
  if (!email) throw new AppError("invalid:email", "Please enter a valid email address.");
  return email;
}

export function createAuthService(deps: AuthServiceDeps) {
  const rules = {
    otpEmail: { name: "otp-email", limit: OTP_SENDS_PER_WINDOW, windowMs: TEN_MINUTES },
    otpEmailFlood: { name: "otp-email-flood", limit: OTP_SENDS_PER_WINDOW * 4, windowMs: TEN_MINUTES },
    otpIp: { name: "otp-ip", limit: deps.limits.otpSendsPerIp, windowMs: TEN_MINUTES },
    failures: { name: "sign-in-failures", limit: deps.limits.failuresPerIp, windowMs: TEN_MINUTES },
  } satisfies Record<string, RateRule>;
  // Password guesses at one account, from anywhere: five pass at once, then each waits twice as long as the last
  // (1 s, 2 s, 4 s … 5 min). The owner is slowed, never locked out, and a code by e-mail always works.
  const accountBackoff: BackoffRule = { name: "sign-in-account", windowMs: 3600_000, free: 5, maxDelayMs: 5 * 60_000 };
  const dummyHash = createDummyHash();
  const now = () => new Date(deps.clock());

  /** A new session at every sign-in (docs/product/accounts.md, Sessions); the one the request carried, if any, ends. */
  async function signIn(user: User, previous: ValidSession | undefined): Promise<SignedIn> {
    if (previous) await endSessions([previous.session.id]);
    const session = await deps.sessions.create(user.id);
    return { user: toAuthUser(user), sessionToken: session.token, expiresAt: session.expiresAt };
  }

  async function endSessions(ids: string[]): Promise<void> {
    for (const id of ids) await deps.sessions.invalidate(id);
    deps.realtime.disconnectSessions(ids);
  }

  async function findOrCreateUser(email: string, language: string | undefined): Promise<User> {
    const existing = await deps.store.findUserByEmail(email);
    if (existing) return existing;
    const lang = isLanguage(language) ? language : defaultLanguage;
    const created = await deps.store.createUser(email, lang, (tx, userId) => deps.credits.grantSignupIn(tx, userId));
    // undefined: a concurrent sign-in created it a moment ago.
    const user = created ?? (await deps.store.findUserByEmail(email));
    if (!user) throw new AppError("internal:account", "The account could not be created.");
    if (created) deps.logger.info({ userId: user.id, earlyBird: user.earlyBird }, "account created");
    return user;
  }

  /** Checks a one-time code and spends it; the account it proves (created on first use). */
  async function redeemCode(request: VerifyOtpRequest, ip: string, requesters: string[]): Promise<User> {
    const email = emailOf(request.email);
    const code = request.code.replace(/\s/g, "");
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) throw new AppError("invalid:code", `Enter the ${OTP_LENGTH}-digit code.`);
    // Counted before the code is compared, so parallel guesses cannot all slip in; given back on success.
    const attempt = await deps.rateLimiter.reserve(rules.failures, ip);
    const live = await deps.store.reserveOtpAttempt(email, requesters, now(), OTP_MAX_ATTEMPTS);
    const match = live.find((c) => otpMatches(deps.otpKey, email, code, c.codeHash));
    if (!match) throw invalidCode();
    // Two verifies of one code may both match; the atomic consume lets exactly one through.
    if (!(await deps.store.consumeOtp(email, match.requester, match.codeHash, now()))) throw invalidCode();
    await attempt.release();
    return findOrCreateUser(email, request.language);
  }

  return {
    /** Known and unknown e-mails get the same answer: verifying the code is what creates an account. */
    async sendOtp(request: SendOtpRequest, ip: string, requester: string): Promise<SendOtpResponse> {
      const email = emailOf(request.email);
      await deps.rateLimiter.enforce(rules.otpIp, ip);
      // Sends are counted per (address, requester): a stranger spends their own sends, not the owner's. The wider
      // per-address cap only stops mail floods from many places at once.
      await deps.rateLimiter.enforce(rules.otpEmail, `${email}|${requester}`);
      await deps.rateLimiter.enforce(rules.otpEmailFlood, email);
      const code = generateOtp();
      const sentAt = deps.clock();
      // Codes expired for a day are of no use to anyone (not even as a "used" marker): drop them.
      await deps.store.purgeExpiredOtp(new Date(sentAt - 24 * 3600_000));
      await deps.store.putOtp(email, requester, hashOtp(deps.otpKey, email, code), new Date(sentAt + OTP_TTL_SECONDS * 1000), new Date(sentAt));
      try {
        await deps.mailer.send(codeMail(email, code, request.language));
      } catch (err) {
        deps.logger.error({ err }, "sign-in code mail failed");
        throw new AppError("unavailable:mail", "We could not send the e-mail just now. Please try again.", undefined, { cause: err });
      }
      return { success: true, resendAfterSeconds: OTP_RESEND_SECONDS };
    },

    /** `requesters`: who may be holding the code (the browser's sign-in cookie, then the IP address). */
    async verifyOtp(request: VerifyOtpRequest, ip: string, requesters: string[], previous: ValidSession | undefined): Promise<SignedIn> {
      return signIn(await redeemCode(request, ip, requesters), previous);
    },

    /**
     * The account a code proves, with no session: how the Discord bot links a member (it sends codes with `sendOtp`
     * under the member's own requester, so the same limits hold). Like sign-in, an unknown e-mail gets its account.
     */
    redeemCode,

    /** One generic failure with equal timing: unknown e-mails and code-only accounts verify a dummy hash. */
    async login(request: LoginRequest, ip: string, previous: ValidSession | undefined): Promise<SignedIn> {
      if (!request.email?.trim() || !request.password) throw new AppError("invalid:login_parameters", "Invalid login parameters");
      // Shape first (a NUL or 300 characters is no address): a 400 that counts against nobody.
      const email = emailOf(request.email);
      const attempt = await deps.rateLimiter.reserve(rules.failures, ip);
      try {
        await deps.rateLimiter.backoff(accountBackoff, email);
      } catch (err) {
        await attempt.release();
        throw err;
      }
      const user = await deps.store.findUserByEmail(email);
      const password = request.password.slice(0, PASSWORD_MAX_LENGTH * 4);
      const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user?.passwordHash || !matches) throw badCredentials();
      await Promise.all([attempt.release(), deps.rateLimiter.reset(accountBackoff, email)]);
      return signIn(user, previous);
    },

    async logout(auth: ValidSession): Promise<void> {
      await endSessions([auth.session.id]);
    },

    /** Sets a first password, or changes it given the current one; either way the other sessions end. */
    async setPassword(auth: ValidSession, request: SetPasswordRequest, ip: string): Promise<SetPasswordResponse> {
      const { user } = auth;
      if (user.passwordHash) {
        if (!request.currentPassword) throw new AppError("invalid:current_password", "Enter your current password.");
        const attempt = await deps.rateLimiter.reserve(rules.failures, ip);
        if (!(await verifyPassword(user.passwordHash, request.currentPassword.slice(0, PASSWORD_MAX_LENGTH * 4)))) {
          throw new AppError("invalid:current_password", "The current password is not right.");
        }
        await attempt.release();
      }
      checkPasswordPolicy(request.newPassword, user.email);
      const updated = await deps.store.setPasswordHash(user.id, await hashPassword(request.newPassword));
      if (!updated) throw new AppError("unauthorized:session", "Please sign in again.");
      const ended = await deps.sessions.invalidateOthers(user.id, auth.session.id);
      deps.realtime.disconnectSessions(ended);
      return { user: toAuthUser(updated), otherSessionsEnded: ended.length };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
