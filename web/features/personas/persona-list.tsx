import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Icon } from "../../components/ui/icon.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { personaIcons } from "./icons.ts";
import { PersonaCard } from "./persona-card.tsx";
import { usePersonas } from "../../lib/personas-api.ts";

/** The saved personas: skeletons while they load, a retry when that failed, a hint when there are none. */
export function PersonaList() {
  const { t } = useTranslation("personas");
  const personas = usePersonas();
  const count = personas.data?.personas.length;
  return (
    <section aria-labelledby="persona-list-title" className="grid content-start gap-4" data-testid="persona-list">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="persona-list-title" className="text-lg font-bold">
          {t("list.title")}
        </h2>
        {count !== undefined && count > 0 && <span className="text-sm text-muted tabular-nums">{t("list.count", { count })}</span>}
      </div>
      {personas.isPending ? (
        <div role="status" aria-label={t("list.loading")} className="grid gap-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="flex gap-4 rounded-2xl border border-border bg-surface p-4">
              <Skeleton className="size-16 shrink-0 rounded-2xl! sm:size-20" />
              <div className="grid flex-1 content-start gap-2">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
              </div>
            </div>
          ))}
        </div>
      ) : personas.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-2xl border border-danger/40 bg-surface p-5 text-sm">
          <p className="flex items-center gap-2 font-semibold text-danger">
            <Icon d={personaIcons.warning} className="size-5" />
            {t("list.loadFailed")}
          </p>
          <Button variant="secondary" size="xs" loading={personas.isFetching} onClick={() => void personas.refetch()}>
            {t("list.retry")}
          </Button>
        </div>
      ) : personas.data.personas.length === 0 ? (
        <EmptyState icon={<Icon d={personaIcons.user} className="size-10" />} title={t("list.empty")} data-testid="persona-empty" />
      ) : (
        <ul className="grid gap-3">
          {personas.data.personas.map((persona) => (
            <PersonaCard key={persona.id} persona={persona} />
          ))}
        </ul>
      )}
    </section>
  );
}
