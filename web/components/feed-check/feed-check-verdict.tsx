import { useTranslation } from "react-i18next";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { useFeedCheck } from "../../lib/feed-check-api.ts";
import { Icon } from "../ui/icon.tsx";
import { verdictLine } from "./check-text.ts";
import { FeedCheckButton } from "./feed-check-dialog.tsx";
import { checkTone } from "./feed-check-panel.tsx";

/**
 * A chat card's compact verdict: "Reads on phones ✓", what fails ("Headline too small at 168×94"), or "Words not
 * checked" when nothing could read them; asked for once the card's image is ready and kept per image id (until its
 * title is saved), with a button that opens the full panel.
 */
export function FeedCheckVerdict({ image, initial, onFixed }: { image: ImageRecord; initial?: FeedCheck; onFixed?: (image: ImageRecord) => void }) {
  const { t } = useTranslation("app");
  const check = useFeedCheck(image, initial);
  if (image.status !== "ready") return null;
  const tone = check.data ? checkTone(check.data) : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="feed-check-verdict" data-status={check.status} data-reads-on-phones={check.data?.readsOnPhones}>
      <p role="status" aria-live="polite" className={`flex min-w-0 items-center gap-1.5 text-sm font-semibold ${tone?.className ?? "text-muted"}`}>
        {check.isPending ? (
          <>
            <span aria-hidden="true" className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
            {t("feedCheck.verdictLoading")}
          </>
        ) : check.isError ? (
          t("feedCheck.verdictFailed")
        ) : (
          <>
            {tone?.icon && !check.data.readsOnPhones && <Icon d={tone.icon} className="size-4" />}
            <span className="break-words" data-testid="feed-check-verdict-text">
              {verdictLine(t, check.data)}
            </span>
          </>
        )}
      </p>
      <FeedCheckButton image={image} onFixed={onFixed} variant="ghost" label={t("feedCheck.openFull")} />
    </div>
  );
}
