import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { clientRoutes } from "../../contract/client-routes.ts";
import { Icon } from "../components/ui/icon.tsx";
import { iconPaths } from "../components/ui/icon-paths.ts";

const links = [
  { to: clientRoutes.app, label: "nav.chat", icon: "M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z" },
  { to: clientRoutes.personas, label: "nav.personas", icon: "M16 20a4 4 0 00-8 0M12 13a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM21 19a3 3 0 00-3.5-3M18 11a2.5 2.5 0 10-1-4.8M3 19a3 3 0 013.5-3M6 11a2.5 2.5 0 111-4.8" },
  { to: clientRoutes.gallery, label: "nav.gallery", icon: "M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01" },
  { to: clientRoutes.video, label: "nav.video", icon: iconPaths.video },
] as const;

/**
 * The signed-in app's sections. NavLink marks the current one with aria-current="page". Below 1280 px the four
 * sections show their icons alone (the label stays, for assistive tech and as the tooltip): with labels, French and
 * German wrap them (and the credits) at 1024 px, and nothing fits at 768. Below 375 px they close up (36 px targets),
 * so they fit beside the logo, the credits and the account menu down to 320 px.
 */
export function AppNav() {
  const { t } = useTranslation("app");
  return (
    <nav aria-label={t("nav.label")}>
      <ul className="flex items-center gap-1 max-sm:gap-0">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              title={t(link.label)}
              className={({ isActive }) =>
                `flex h-12 min-w-9 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-[0.6875rem] max-xl:px-0 min-[375px]:min-w-10 sm:min-w-11 leading-none font-semibold transition sm:h-10 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm ${
                  isActive ? "bg-surface-2 text-fg" : "text-muted hover:bg-surface-2 hover:text-fg"
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon d={link.icon} className={`size-5 ${isActive ? "text-primary" : ""}`} />
                  <span className="whitespace-nowrap max-xl:sr-only">{t(link.label)}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
