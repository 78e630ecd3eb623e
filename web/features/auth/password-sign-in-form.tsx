import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignInResponse } from "../../../contract/auth.ts";
import { Button } from "../../components/ui/button.tsx";
import { FormError, TextField } from "../../components/ui/field.tsx";
import { RevealButton } from "../../components/ui/reveal-button.tsx";
import { authErrorMessage } from "../../lib/auth-error-message.ts";
import { loginWithPassword } from "./api.ts";

export function PasswordSignInForm({ onSignedIn }: { onSignedIn: (result: SignInResponse) => void }) {
  const { t } = useTranslation("auth");
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setError(t("errors.invalid_login_parameters"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await loginWithPassword(email.trim(), password));
    } catch (err) {
      // docs/product/accounts.md: a login error is logged and re-thrown to the caller, which shows it translated.
      console.error("login failed", err);
      setError(authErrorMessage(t, err));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        id={`${id}-email`}
        label={t("email.label")}
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t("email.placeholder")}
        value={email}
        onChange={setEmail}
        disabled={busy}
        invalid={error !== null}
        describedBy={error ? `${id}-error` : undefined}
      />
      <TextField
        id={`${id}-password`}
        label={t("password.label")}
        type={shown ? "text" : "password"}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        disabled={busy}
        invalid={error !== null}
        describedBy={error ? `${id}-error` : undefined}
        trailing={<RevealButton shown={shown} onToggle={() => setShown((s) => !s)} showLabel={t("password.show")} hideLabel={t("password.hide")} />}
      />
      <FormError id={`${id}-error`} message={error} />
      <Button type="submit" loading={busy}>{busy ? t("password.signingIn") : t("password.signIn")}</Button>
      <p className="text-center text-sm text-muted">{t("password.noPasswordNote")}</p>
    </form>
  );
}
