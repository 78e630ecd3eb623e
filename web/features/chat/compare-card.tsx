import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type Comparison, comparisonPath, comparisonResponseSchema } from "../../../contract/comparisons.ts";
import { ComparisonGrid } from "../../components/compare/comparison-grid.tsx";
import { Card } from "../../components/ui/card.tsx";
import { apiRequest } from "../../lib/api.ts";
import { COMPARISONS_KEY, comparisonKey } from "../../lib/comparisons-api.ts";
import { type ImageActions } from "./image-result.tsx";
import { Spinner, ToolFailed } from "./tool-card.tsx";
import type { CompareToolPart } from "./types.ts";

/** The comparison as it is now (its winner may have been picked since the message was saved). */
function useComparison(saved: Comparison): Comparison {
  const current = useQuery({
    queryKey: comparisonKey(saved.id),
    queryFn: async () => comparisonResponseSchema.parse(await (await apiRequest("GET", comparisonPath(saved.id))).json()).comparison,
    initialData: saved,
    staleTime: 0,
  });
  return current.data;
}

function CompareResult({ saved, actions }: { saved: Comparison; actions: ImageActions }) {
  const comparison = useComparison(saved);
  const queryClient = useQueryClient();
  // Started in the chat: the gallery's Comparisons tab reads its list again to show it.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: COMPARISONS_KEY });
  }, [queryClient, saved.id]);
  return <ComparisonGrid comparison={comparison} canPick={actions.canPick ?? actions.canSend} onPicked={actions.onComparisonWinner} />;
}

/**
 * A compareModels call (docs/product/compare.md): the grid of every model's try, filling in as each finishes; the
 * winner picked here becomes the conversation's current image, which the thread then says in a note of its own.
 */
export function CompareToolCard({ part, actions }: { part: CompareToolPart; actions: ImageActions }) {
  const { t } = useTranslation("chat");
  return (
    <Card as="article" padding="none" radius="md" className="grid min-w-0 gap-4 p-4" data-testid="tool-card" data-tool={part.type} data-state={part.state}>
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{t("compare.title")}</h3>
      {(part.state === "input-streaming" || part.state === "input-available") && (
        <p className="flex items-center gap-2 font-semibold" role="status">
          <Spinner />
          {t("compare.starting")}
        </p>
      )}
      {part.state === "output-error" && <ToolFailed />}
      {part.state === "output-available" && (
        <>
          <p className="text-sm break-words">{part.output.comparison.prompt}</p>
          <CompareResult saved={part.output.comparison} actions={actions} />
          <p className="text-xs text-muted" data-testid="tool-credits">
            {t("compare.credits", { count: part.output.creditsSpent, left: part.output.creditsLeft, models: part.output.comparison.images.length })}
          </p>
        </>
      )}
    </Card>
  );
}
