import { useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AuthUser, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../contract/auth.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { setPassword } from "./api.ts";
import { authErrorMessage } from "../../lib/auth-error-message.ts";
import { FormError, PrimaryButton, TextField } from "../auth/form-parts.tsx";
import { RevealButton } from "../auth/reveal-button.tsx";
import { CURRENT_USER_KEY } from "./use-current-user.ts";

/** Set a first password, or change it (the current one is needed, and other sessions end). */
export function PasswordDialog({ user, open, onOpenChange }: { user: AuthUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("auth");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changing = user.hasPassword;

  function reset(nextOpen: boolean) {
    if (!nextOpen) {
      setCurrent("");
      setNext("");
      setError(null);
      setShown(false);
    }
    onOpenChange(nextOpen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const length = [...next].length;
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      setError(t("errors.invalid_password_length", { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await setPassword(next, changing ? current : undefined);
      queryClient.setQueryData(CURRENT_USER_KEY, result.user);
      toast({
        title: t("passwordDialog.savedTitle"),
        description: result.otherSessionsEnded > 0 ? t("passwordDialog.savedOthersEnded", { count: result.otherSessionsEnded }) : t("passwordDialog.saved"),
      });
      reset(false);
    } catch (err) {
      setError(authErrorMessage(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-3xl border border-border bg-surface p-6 text-fg shadow-2xl sm:p-8">
          <div className="grid gap-1">
            <Dialog.Title className="text-xl font-bold">{changing ? t("passwordDialog.changeTitle") : t("passwordDialog.setTitle")}</Dialog.Title>
            <Dialog.Description className="text-sm text-muted">
              {changing ? t("passwordDialog.changeBody") : t("passwordDialog.setBody")}
            </Dialog.Description>
          </div>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <input type="email" autoComplete="username" value={user.email} readOnly hidden />
            {changing && (
              <TextField
                id={`${id}-current`}
                label={t("passwordDialog.current")}
                type={shown ? "text" : "password"}
                autoComplete="current-password"
                value={current}
                onChange={setCurrent}
                disabled={busy}
              />
            )}
            <TextField
              id={`${id}-new`}
              label={t("passwordDialog.new")}
              type={shown ? "text" : "password"}
              autoComplete="new-password"
              value={next}
              onChange={setNext}
              disabled={busy}
              invalid={error !== null}
              describedBy={`${id}-rules${error ? ` ${id}-error` : ""}`}
              trailing={<RevealButton shown={shown} onToggle={() => setShown((s) => !s)} />}
            />
            <p id={`${id}-rules`} className="-mt-2 text-sm text-muted">
              {t("passwordDialog.rules", { min: PASSWORD_MIN_LENGTH })}
            </p>
            <FormError id={`${id}-error`} message={error} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className="h-12 rounded-xl border border-border px-5 font-semibold hover:bg-surface-2">{t("passwordDialog.cancel")}</Dialog.Close>
              <PrimaryButton busy={busy}>{busy ? t("passwordDialog.saving") : t("passwordDialog.save")}</PrimaryButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
