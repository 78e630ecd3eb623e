import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "../../../contract/auth.ts";
import { isLanguage, languageNames, languages } from "../../../contract/languages.ts";
import { useAuth } from "../../lib/auth.ts";
import { PasswordDialog } from "./password-dialog.tsx";
import { ChevronDown } from "../../components/ui/chevron-down.tsx";
import { floatingPanelClass, floatingPanelPlacement } from "../../components/ui/floating-panel.ts";

const itemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-surface-2";

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

/** E-mail, live credits, plan, Upgrade Plan, password, language and log out (docs/product/accounts.md). */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { t, i18n } = useTranslation("app");
  const { logout } = useAuth();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const initial = user.email.slice(0, 1).toUpperCase();

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="flex h-10 items-center gap-2 rounded-full border border-border bg-surface pr-3 pl-1 text-sm font-medium hover:bg-surface-2"
        >
          <span aria-hidden="true" className="brand-gradient grid size-8 place-items-center rounded-full text-sm font-black text-white">
            {initial}
          </span>
          <span className="sr-only md:hidden">{t("menu.open")}</span>
          <span className="hidden max-w-48 truncate md:inline">
            <span className="sr-only">{t("menu.open")}: </span>
            {user.email}
          </span>
          <ChevronDown className="size-4 text-muted" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            {...floatingPanelPlacement}
            className={`${floatingPanelClass} grid w-72 max-w-[calc(100vw-1.5rem)] gap-0.5 p-2`}
          >
            <div className="grid gap-0.5 px-3 pt-2 pb-3">
              <span className="text-xs font-semibold tracking-wide text-muted uppercase">{t("menu.signedInAs")}</span>
              <span className="font-semibold break-all" data-testid="account-email">{user.email}</span>
            </div>
            <div className="mx-1 grid grid-cols-2 gap-2 pb-2">
              <div className="rounded-xl bg-surface-2 px-3 py-2">
                <span className="block text-xs text-muted">{t("menu.credits")}</span>
                <span className="text-lg font-bold tabular-nums">{user.credits}</span>
              </div>
              <div className="rounded-xl bg-surface-2 px-3 py-2">
                <span className="block text-xs text-muted">{t("menu.plan")}</span>
                <span className="text-sm font-bold">{t(`plan.${user.plan}`)}</span>
              </div>
            </div>
            <DropdownMenu.Item disabled className={itemClass}>
              <Icon d="M12 19V5M5 12l7-7 7 7" />
              <span className="grid">
                <span className="font-semibold">{t("menu.upgrade")}</span>
                <span className="text-xs text-muted">{t("menu.upgradeUnavailable")}</span>
              </span>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setPasswordOpen(true)}>
              <Icon d="M7 11V8a5 5 0 0110 0v3M5 11h14v10H5z" />
              {user.hasPassword ? t("menu.changePassword") : t("menu.setPassword")}
            </DropdownMenu.Item>
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className={itemClass}>
                <Icon d="M21 12a9 9 0 11-18 0 9 9 0 0118 0zM3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />
                <span className="flex-1">{t("menu.language")}</span>
                <span className="text-xs text-muted">{languageNames[isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "en"]}</span>
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent sideOffset={6} collisionPadding={12} className="z-50 grid min-w-44 gap-0.5 rounded-2xl border border-border bg-surface p-2 text-fg shadow-2xl">
                  <DropdownMenu.RadioGroup
                    value={i18n.resolvedLanguage ?? "en"}
                    onValueChange={(value) => {
                      if (isLanguage(value)) void i18n.changeLanguage(value);
                    }}
                  >
                    {languages.map((lng) => (
                      <DropdownMenu.RadioItem key={lng} value={lng} lang={lng} className={`${itemClass} pl-8 relative`}>
                        <DropdownMenu.ItemIndicator className="absolute left-3 font-bold text-primary">✓</DropdownMenu.ItemIndicator>
                        {languageNames[lng]}
                      </DropdownMenu.RadioItem>
                    ))}
                  </DropdownMenu.RadioGroup>
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={`${itemClass} text-danger`} onSelect={() => void logout()}>
              <Icon d="M15 12H4m4-4l-4 4 4 4M14 4h6v16h-6" />
              {t("menu.logOut")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <PasswordDialog user={user} open={passwordOpen} onOpenChange={setPasswordOpen} />
    </>
  );
}
