import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OTP_LENGTH, type SignInResponse } from "../../../contract/auth.ts";
import { looksLikeEmail } from "../../../contract/waitlist.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormError, TextField } from "../../components/ui/field.tsx";
import { errorCodeOf } from "../../lib/api.ts";
import { authErrorMessage } from "../../lib/auth-error-message.ts";
import { sendOtp, verifyOtp } from "./api.ts";
import { CodeInput } from "./code-input.tsx";

const emptyDigits = () => Array.from({ length: OTP_LENGTH }, () => "");

/** E-mail → Send code → six boxes → signed in; with a resend countdown (docs/product/accounts.md). */
export function CodeSignInForm({ onSignedIn }: { onSignedIn: (result: SignInResponse) => void }) {
  const { t, i18n } = useTranslation("auth");
  const id = useId();
  const [step, setStep] = useState<"email" | "code">("email");
  const [email, setEmail] = useState("");
  const [digits, setDigits] = useState(emptyDigits);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const codeHeading = useRef<HTMLHeadingElement>(null);
  const language = i18n.resolvedLanguage ?? "en";

  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (step !== "code" || secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step, secondsLeft]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (!looksLikeEmail(email)) {
      setError(t("errors.invalid_email"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await sendOtp(email.trim(), language);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      setNow(Date.now());
      setDigits(emptyDigits());
      setStep("code");
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-testid="code-digit-1"]`)?.focus());
    } catch (err) {
      setError(authErrorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  async function verify(code: string) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await verifyOtp(email.trim(), code, language));
    } catch (err) {
      setError(authErrorMessage(t, err));
      if (errorCodeOf(err) === "unauthorized:code") setDigits(emptyDigits());
      setBusy(false);
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-testid="code-digit-1"]`)?.focus());
    }
  }

  if (step === "email") {
    return (
      <form noValidate onSubmit={send} className="grid gap-4">
        <TextField
          id={`${id}-email`}
          label={t("email.label")}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("email.placeholder")}
          value={email}
          onChange={setEmail}
          disabled={busy}
          invalid={error !== null}
          describedBy={error ? `${id}-error` : undefined}
        />
        <FormError id={`${id}-error`} message={error} />
        <Button type="submit" loading={busy}>{busy ? t("code.sending") : t("code.send")}</Button>
        <p className="text-center text-sm text-muted">{t("code.newAccountNote")}</p>
      </form>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void verify(digits.join(""));
      }}
      className="grid gap-4"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-code-title`} ref={codeHeading} className="text-lg font-bold">
          {t("code.title")}
        </h2>
        <p id={`${id}-code-hint`} className="text-sm text-muted">
          {t("code.sentTo")} <strong className="break-all text-fg">{email.trim()}</strong>
        </p>
      </div>
      <CodeInput
        value={digits}
        onChange={(next) => {
          setDigits(next);
          if (error) setError(null);
        }}
        onComplete={(code) => void verify(code)}
        disabled={busy}
        invalid={error !== null}
        labelledBy={`${id}-code-title`}
        describedBy={error ? `${id}-error ${id}-code-hint` : `${id}-code-hint`}
        digitLabel={(position) => t("code.digit", { position, total: OTP_LENGTH })}
      />
      <FormError id={`${id}-error`} message={error} />
      <Button type="submit" loading={busy} disabled={digits.some((d) => d === "")}>
        {busy ? t("code.verifying") : t("code.verify")}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded font-semibold text-primary underline-offset-4 hover:underline"
          onClick={() => {
            setStep("email");
            setError(null);
          }}
        >
          {t("code.changeEmail")}
        </button>
        {secondsLeft > 0 ? (
          <span className="text-muted" aria-live="polite">
            {t("code.resendIn", { seconds: secondsLeft })}
          </span>
        ) : (
          <button type="button" disabled={busy} onClick={() => void send()} className="rounded font-semibold text-primary underline-offset-4 hover:underline disabled:opacity-60">
            {t("code.resend")}
          </button>
        )}
      </div>
    </form>
  );
}
