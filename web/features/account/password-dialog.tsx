import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AuthUser, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../contract/auth.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogClose } from "../../components/ui/dialog.tsx";
import { FormError, TextField } from "../../components/ui/field.tsx";
import { RevealButton } from "../../components/ui/reveal-button.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { authErrorMessage } from "../../lib/auth-error-message.ts";
import { setPassword } from "./api.ts";
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
    <Dialog
      open={open}
      onOpenChange={reset}
      title={changing ? t("passwordDialog.changeTitle") : t("passwordDialog.setTitle")}
      description={changing ? t("passwordDialog.changeBody") : t("passwordDialog.setBody")}
    >
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
          hint={t("passwordDialog.rules", { min: PASSWORD_MIN_LENGTH })}
          invalid={error !== null}
          describedBy={error ? `${id}-error` : undefined}
          trailing={<RevealButton shown={shown} onToggle={() => setShown((s) => !s)} showLabel={t("password.show")} hideLabel={t("password.hide")} />}
        />
        <FormError id={`${id}-error`} message={error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button variant="secondary">{t("passwordDialog.cancel")}</Button>
          </DialogClose>
          <Button type="submit" loading={busy}>
            {busy ? t("passwordDialog.saving") : t("passwordDialog.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
