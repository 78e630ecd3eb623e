import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  looksLikeEmail,
  WAITLIST_PATH,
  WAITLIST_REDIRECT_DELAY_MS,
  type WaitlistResponse,
} from "../../../contract/waitlist.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { usePublicConfig } from "../../lib/public-config-context.ts";

type Phase = "idle" | "submitting" | "success";

/** The Get Early Access form (docs/product/public-site.md): idle → submitting → success or error (back to idle). */
export function WaitlistForm({ variant = "card" }: { variant?: "card" | "inline" }) {
  const { t, i18n } = useTranslation("marketing");
  const { toast } = useToast();
  const { discordInviteUrl } = usePublicConfig();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");

  // The fields are uncontrolled: on a prerendered page a visitor may type before React hydrates, and a
  // controlled input would drop those keystrokes from its state.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== "idle") return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "");
    const website = String(data.get("website") ?? "");
    if (!looksLikeEmail(email)) {
      toast({ variant: "destructive", title: t("toasts.invalidEmailTitle"), description: t("toasts.invalidEmailDescription") });
      return;
    }
    setPhase("submitting");
    try {
      const res = await fetch(WAITLIST_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, website, language: i18n.resolvedLanguage }),
      });
      const body = (await res.json()) as Partial<WaitlistResponse>;
      if (!res.ok || body.success !== true) throw new Error("waitlist rejected");
      if (body.alreadyExists) {
        toast({ title: t("toasts.alreadyTitle"), description: t("toasts.alreadyDescription") });
      } else {
        if (emailRef.current) emailRef.current.value = "";
        toast({ title: t("toasts.successTitle"), description: t("toasts.successDescription") });
      }
      setPhase("success");
      setTimeout(() => window.location.assign(discordInviteUrl), WAITLIST_REDIRECT_DELAY_MS);
    } catch {
      // docs/product/public-site.md: the server's text is never shown.
      toast({ variant: "destructive", title: t("toasts.errorTitle"), description: t("toasts.errorDescription") });
      setPhase("idle");
    }
  }

  const busy = phase !== "idle";
  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-describedby={`${id}-note`} data-variant={variant}>
      <label htmlFor={`${id}-email`} className="text-sm font-semibold">
        {t("form.emailLabel")}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t("form.emailPlaceholder")}
          ref={emailRef}
          disabled={busy}
          className="h-12 min-w-0 rounded-xl border border-border bg-surface px-4 sm:flex-1 text-base text-fg placeholder:text-muted disabled:opacity-60"
        />
        {/* Prerendered disabled, so a click or Enter before any script cannot fall back to a native GET submit
            with the e-mail in the URL; web/main.tsx enables it once it holds submits for React. */}
        <button
          type="submit"
          data-enabled-by-entry=""
          disabled={busy || import.meta.env.SSR}
          className="h-12 shrink-0 rounded-xl bg-primary px-6 font-semibold text-on-primary shadow-sm transition hover:bg-primary-hover disabled:cursor-wait disabled:opacity-80"
        >
          {phase === "submitting" ? t("form.submitting") : t("form.submit")}
        </button>
      </div>
      {/* Honeypot: off-screen and out of the tab order, so people never see or fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>{t("form.honeypotLabel")}</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p id={`${id}-note`} className="text-sm text-muted">
        {t("form.note")}
      </p>
    </form>
  );
}
