import { useTranslation } from "react-i18next";
import type { PersonaRole } from "../../../contract/personas.ts";

/** The persona's role as a small pill; the darker primary keeps small text readable on its tint. */
export function RoleBadge({ role }: { role: PersonaRole }) {
  const { t } = useTranslation("personas");
  return <span className="shrink-0 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary-hover">{t(`role.${role}`)}</span>;
}
