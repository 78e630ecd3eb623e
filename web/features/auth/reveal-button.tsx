import { useTranslation } from "react-i18next";

export function RevealButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation("auth");
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      className="h-9 rounded-lg px-3 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg"
    >
      {shown ? t("password.hide") : t("password.show")}
    </button>
  );
}
