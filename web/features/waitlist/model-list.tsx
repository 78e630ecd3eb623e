import { useTranslation } from "react-i18next";
import { models } from "../../../contract/models.ts";

export function ModelList() {
  const { t } = useTranslation("marketing");
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label={t("modelsTitle")}>
      {models.map((model) => (
        <li key={model.id} className="flex items-center justify-between gap-2 rounded-xl border border-border bg-surface px-3 py-2 text-sm">
          <span className="font-medium">{model.label}</span>
          {model.popular && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-on-primary">{t("popular")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
