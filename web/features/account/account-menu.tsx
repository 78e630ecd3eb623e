import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import type { AuthUser } from "../../../contract/auth.ts";
import { isLanguage, languageNames, languages } from "../../../contract/languages.ts";
import { useAuth } from "../../lib/auth.ts";
import { ChevronDown } from "../../components/ui/chevron-down.tsx";
import {
  Menu,
  MenuContent,
  MenuIcon,
  MenuItem,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
} from "../../components/ui/menu.tsx";
import { PasswordDialog } from "./password-dialog.tsx";

/** E-mail, live credits, plan, Upgrade Plan (the pricing screen), the credits page, password, language and log out (docs/product/accounts.md). */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { t, i18n } = useTranslation("app");
  const { logout } = useAuth();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const navigate = useNavigate();
  const initial = user.email.slice(0, 1).toUpperCase();

  return (
    <>
      <Menu>
        <MenuTrigger className="flex h-10 items-center gap-2 rounded-full border border-border bg-surface pr-3 pl-1 text-sm font-medium hover:bg-surface-2 max-[374px]:gap-0 max-[374px]:pr-1">
          <span aria-hidden="true" className="brand-gradient grid size-8 place-items-center rounded-full text-sm font-black text-white">
            {initial}
          </span>
          <span className="sr-only xl:hidden">{t("menu.open")}</span>
          <span className="hidden max-w-48 truncate xl:inline">
            <span className="sr-only">{t("menu.open")}: </span>
            {user.email}
          </span>
          <ChevronDown className="size-4 text-muted max-[374px]:hidden" />
        </MenuTrigger>
        <MenuContent className="w-72">
          <div className="grid gap-0.5 px-3 pt-2 pb-3">
            <span className="text-xs font-semibold tracking-wide text-muted uppercase">{t("menu.signedInAs")}</span>
            <span className="font-semibold break-all" data-testid="account-email">
              {user.email}
            </span>
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
          <MenuItem icon={<MenuIcon d="M12 19V5M5 12l7-7 7 7" />} onSelect={() => void navigate(clientRoutes.pricing)}>
            <span className="grid">
              <span className="font-semibold">{t("menu.upgrade")}</span>
              <span className="text-xs text-muted">{t("menu.upgradeHint")}</span>
            </span>
          </MenuItem>
          <MenuItem icon={<MenuIcon d="M12 2l2.6 6.3L21 9l-5 4.4L17.5 20 12 16.6 6.5 20 8 13.4 3 9l6.4-.7z" />} onSelect={() => void navigate(clientRoutes.credits)}>
            {t("menu.creditsPage")}
          </MenuItem>
          <MenuItem icon={<MenuIcon d="M7 11V8a5 5 0 0110 0v3M5 11h14v10H5z" />} onSelect={() => setPasswordOpen(true)}>
            {user.hasPassword ? t("menu.changePassword") : t("menu.setPassword")}
          </MenuItem>
          <MenuSub>
            <MenuSubTrigger icon={<MenuIcon d="M21 12a9 9 0 11-18 0 9 9 0 0118 0zM3 12h18M12 3a14 14 0 010 18M12 3a14 14 0 000 18" />}>
              <span className="flex-1">{t("menu.language")}</span>
              <span className="text-xs text-muted">{languageNames[isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "en"]}</span>
            </MenuSubTrigger>
            <MenuSubContent>
              <MenuRadioGroup
                value={i18n.resolvedLanguage ?? "en"}
                onValueChange={(value) => {
                  if (isLanguage(value)) void i18n.changeLanguage(value);
                }}
              >
                {languages.map((lng) => (
                  <MenuRadioItem key={lng} value={lng} lang={lng}>
                    {languageNames[lng]}
                  </MenuRadioItem>
                ))}
              </MenuRadioGroup>
            </MenuSubContent>
          </MenuSub>
          <MenuSeparator />
          <MenuItem tone="danger" icon={<MenuIcon d="M15 12H4m4-4l-4 4 4 4M14 4h6v16h-6" />} onSelect={() => void logout()}>
            {t("menu.logOut")}
          </MenuItem>
        </MenuContent>
      </Menu>
      <PasswordDialog user={user} open={passwordOpen} onOpenChange={setPasswordOpen} />
    </>
  );
}
