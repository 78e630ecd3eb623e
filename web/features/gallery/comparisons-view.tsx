import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clientRoutes } from "../../../contract/client-routes.ts";
import type { Comparison } from "../../../contract/comparisons.ts";
import { ComparisonGrid, creditsOfTiles, useLiveTiles } from "../../components/compare/comparison-grid.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { COMPARISONS_KEY, listComparisons } from "../../lib/comparisons-api.ts";
import { LoadFailed } from "../../components/ui/load-failed.tsx";
import { Icon } from "../../components/ui/icon.tsx";

const compareIcon = "M12 3v18M4 5h5v14H4zM15 5h5v14h-5";

/** When it was made, how many models, and what it cost so far: from the tiles as they are now (refunds included). */
function ComparisonMeta({ comparison, date }: { comparison: Comparison; date: string }) {
  const { t } = useTranslation("gallery");
  const tiles = useLiveTiles(comparison);
  return (
    <p className="text-xs text-muted" data-testid="comparison-meta">
      {t("comparisons.meta", { date, count: tiles.length, credits: creditsOfTiles(comparison, tiles) })}
    </p>
  );
}

/**
 * The gallery's Comparisons tab (docs/product/compare.md): each comparison, newest first, as its grid of every
 * model's try, live as they finish; a winner can be picked here too.
 */
export function ComparisonsView() {
  const { t, i18n } = useTranslation("gallery");
  const query = useInfiniteQuery({
    queryKey: COMPARISONS_KEY,
    queryFn: ({ pageParam }) => listComparisons(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const comparisons = query.data?.pages.flatMap((page) => page.comparisons) ?? [];
  const dateFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: "medium", timeStyle: "short" });

  if (query.isPending) {
    return (
      <div role="status" aria-label={t("states.loading")} className="grid gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-56 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed message={t("comparisons.failed")} retryLabel={t("states.retry")} onRetry={() => void query.refetch()} />
    );
  }
  if (comparisons.length === 0) {
    return (
      <EmptyState
        data-testid="comparisons-empty"
        icon={<Icon d={compareIcon} className="size-9" />}
        title={t("comparisons.emptyTitle")}
        text={t("comparisons.emptyBody")}
        action={
          <Link to={clientRoutes.app} className={buttonClass({ size: "sm" })}>
            {t("states.emptyAction")}
          </Link>
        }
      />
    );
  }
  return (
    <div className="grid gap-5" data-testid="comparisons">
      {comparisons.map((comparison) => (
        <Card as="section" key={comparison.id} padding="none" radius="md" className="grid min-w-0 gap-3 p-4" data-testid="comparison" aria-label={comparison.prompt}>
          <div className="grid gap-0.5">
            <h2 className="line-clamp-2 font-semibold break-words">{comparison.prompt}</h2>
            <ComparisonMeta comparison={comparison} date={dateFormat.format(new Date(comparison.createdAt))} />
          </div>
          <ComparisonGrid comparison={comparison} />
        </Card>
      ))}
      {query.hasNextPage && (
        <Button variant="secondary" size="sm" className="justify-self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t("comparisons.more")}
        </Button>
      )}
    </div>
  );
}
