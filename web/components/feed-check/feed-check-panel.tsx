import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type FeedCheck, type FeedSizeResult, feedSizeIds, feedThemes, type Finding, type FindingId } from "../../../contract/feed-check.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { applyFeedFix, type FeedFixOutcome, useFeedCheck } from "../../lib/feed-check-api.ts";
import { requestErrorMessage } from "../../lib/generation-error-message.ts";
import { receiveImage } from "../../lib/image-lists.ts";
import { Button } from "../ui/button.tsx";
import { Icon } from "../ui/icon.tsx";
import { findingLine, fixLabel, noFindingLine, notCheckedReason, verdictLine, verdictTone } from "./check-text.ts";
import { SizePreview } from "./size-preview.tsx";

export const verdictTones = {
  pass: { className: "text-success", icon: "M5 12l5 5 9-10" },
  warn: { className: "text-primary", icon: "M12 8v5m0 3h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" },
  fail: { className: "text-danger", icon: "M6 6l12 12M18 6L6 18" },
} as const;

/** Words that were not read at all (method "none") are neither good nor bad news: said plainly, without an icon. */
const uncheckedTone = { className: "text-muted", icon: null } as const;

/** The tone of a check's compact line, pass, fail or unchecked (check-text.ts, verdictTone). */
export function checkTone(check: FeedCheck): { className: string; icon: string | null } {
  const tone = verdictTone(check);
  return tone === "unchecked" ? uncheckedTone : verdictTones[tone];
}

export interface FeedCheckPanelProps {
  /** A ready image (with its URLs): the one checked. */
  image: ImageRecord & { urls: NonNullable<ImageRecord["urls"]> };
  /** A fix made a new image (queued): the screen shows it its own way (the chat's card, the viewer, the editor). */
  onFixed?: (image: ImageRecord) => void;
}

/** One size in one look: the image at that size, its verdict, and the figures it rests on. */
function SizeCell({ src, result, method }: { src: string; result: FeedSizeResult; method: FeedCheck["method"] }) {
  const { t, i18n } = useTranslation("app");
  const number = (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  // Without a reading there is no verdict to give a size: it says "Not checked" rather than "Reads" or "Doesn't read".
  const unchecked = method === "none";
  const tone = unchecked ? uncheckedTone : verdictTones[result.verdict];
  const verdict = unchecked ? t("feedCheck.notChecked") : t(`feedCheck.verdict.${result.verdict}`);
  return (
    <li className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-1" data-testid="feed-check-cell" data-size={result.size} data-theme={result.theme} data-verdict={result.verdict}>
      <div role="img" aria-label={t("feedCheck.cellLabel", { size: t(`feedCheck.sizes.${result.size}`), width: result.width, height: result.height, theme: t(`feedCheck.theme.${result.theme}`), verdict })}>
        <SizePreview src={src} result={result} />
      </div>
      <p className={`flex items-center gap-1 text-sm font-semibold ${tone.className}`}>
        {tone.icon && <Icon d={tone.icon} className="size-4" />}
        {verdict}
        <span className="font-normal text-muted">· {t(`feedCheck.theme.${result.theme}`)}</span>
      </p>
      <ul className="grid max-w-[26rem] gap-0.5 text-xs text-muted">
        {method === "ocr" && (
          <li className="break-words" data-testid="feed-check-read-back">
            {result.readBack ? t("feedCheck.readBack", { text: result.readBack }) : t("feedCheck.readBackNone")}
            {result.distance !== null && ` · ${t("feedCheck.distance", { percent: Math.round(result.distance * 100) })}`}
          </li>
        )}
        {result.capHeight !== null && <li>{t("feedCheck.capHeight", { px: number(result.capHeight) })}</li>}
        {result.contrast !== null && <li>{t("feedCheck.contrast", { ratio: number(result.contrast) })}</li>}
      </ul>
    </li>
  );
}

/** A finding, and its fix's button when a scene edit can mend it. */
function FindingItem({ finding, fixing, disabled, onFix }: { finding: Finding; fixing: boolean; disabled: boolean; onFix: (id: FindingId) => void }) {
  const { t } = useTranslation("app");
  const tone = verdictTones[finding.severity];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface-2 p-3" data-testid="feed-check-finding" data-finding={finding.id}>
      <p className={`flex min-w-0 items-center gap-2 text-sm font-semibold ${tone.className}`}>
        <Icon d={tone.icon} className="size-4" />
        <span className="break-words text-fg">{findingLine(t, finding)}</span>
      </p>
      {finding.fix ? (
        <Button size="xs" variant="secondary" loading={fixing} disabled={disabled} onClick={() => onFix(finding.id)} data-testid="feed-check-fix">
          {fixLabel(t, finding)}
        </Button>
      ) : (
        <p className="text-xs text-muted">{t("feedCheck.advice")}</p>
      )}
    </li>
  );
}

/**
 * The feed check of one image (docs/product/web-app.md, Feed check): every checked size in dark and light at its real
 * CSS size with the duration badge, what was read back and how, the figures, and the findings with their fixes.
 * A fix is an edit, charged like one (free when only the headline changes, docs/decisions/038-headline-edits-are-free.md); a fix that would
 * change nothing says so and charges nothing.
 */
export function FeedCheckPanel({ image, onFixed }: FeedCheckPanelProps) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const findingsId = useId();
  const check = useFeedCheck(image);
  const fix = useMutation({
    mutationFn: (finding: FindingId) => applyFeedFix(image.id, finding),
    onSuccess: (outcome: FeedFixOutcome) => {
      if (outcome.kind !== "image") return;
      receiveImage(queryClient, outcome.image);
      onFixed?.(outcome.image);
    },
  });

  if (check.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 font-semibold" data-testid="feed-check-panel" data-status="loading">
        <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-primary/25 border-t-primary" />
        {t("feedCheck.loading")}
      </p>
    );
  }
  if (check.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2" data-testid="feed-check-panel" data-status="failed">
        <p className="font-semibold text-danger">{t("feedCheck.failed")}</p>
        <Button size="xs" variant="secondary" onClick={() => void check.refetch()}>
          {t("feedCheck.retry")}
        </Button>
      </div>
    );
  }

  const result = check.data;
  const empty = noFindingLine(t, result);
  // What to fix comes first, then the sizes in the contract's order (desktop, phone, TV), each with its looks side by side.
  const rows = feedSizeIds
    .map((id) => ({ id, cells: feedThemes.flatMap((theme) => result.sizes.filter((size) => size.size === id && size.theme === theme)) }))
    .filter((row) => row.cells.length > 0);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5" data-testid="feed-check-panel" data-status="done" data-reads-on-phones={result.readsOnPhones}>
      <div className="grid gap-1 text-sm">
        <p className={`text-base font-bold ${checkTone(result).className}`} data-testid="feed-check-summary">
          {verdictLine(t, result)}
        </p>
        <p className="font-semibold" data-testid="feed-check-method">
          {t(`feedCheck.method.${result.method}`)}
        </p>
        {result.method === "none" && (
          <p className="text-muted" data-testid="feed-check-unchecked">
            {notCheckedReason(t, result)}
          </p>
        )}
        {result.headline && <p className="break-words text-muted">{t("feedCheck.expected", { headline: result.headline })}</p>}
      </div>
      <section className="grid gap-2" aria-labelledby={findingsId}>
        <h3 id={findingsId} className="text-sm font-bold">
          {t("feedCheck.findingsTitle")}
        </h3>
        {result.findings.length === 0 ? (
          <p className={`text-sm ${empty.clean ? "text-success" : "text-muted"}`} data-testid={empty.clean ? "feed-check-clean" : "feed-check-no-finding"}>
            {empty.text}
          </p>
        ) : (
          <>
            <ul className="grid gap-2">
              {result.findings.map((finding) => (
                <FindingItem key={finding.id} finding={finding} fixing={fix.isPending && fix.variables === finding.id} disabled={fix.isPending} onFix={(id) => fix.mutate(id)} />
              ))}
            </ul>
            {result.findings.some((finding) => finding.fix) && <p className="text-xs text-muted">{t("feedCheck.fixCost")}</p>}
          </>
        )}
        <div role="status" aria-live="polite" className="text-sm empty:hidden" data-testid="feed-check-fix-status">
          {fix.isPending && t("feedCheck.fixing")}
          {fix.isSuccess && (fix.data.kind === "no-change" ? t("feedCheck.noChange") : t("feedCheck.fixed"))}
          {fix.isError && <span className="text-danger">{requestErrorMessage(t, fix.error)}</span>}
        </div>
      </section>
      <section className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" aria-label={t("feedCheck.sizesLabel")}>
        {rows.map((row) => {
          const first = row.cells[0] as FeedSizeResult;
          return (
            <div key={row.id} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" data-testid="feed-check-size" data-size={row.id}>
              <h3 className="text-sm font-bold">
                {t(`feedCheck.sizes.${row.id}`)} <span className="font-normal text-muted tabular-nums">{`${first.width}×${first.height}`}</span>
              </h3>
              {/* Dark and light side by side where they fit at their real size, one above the other on a phone. */}
              <ul className="flex flex-col gap-3 pb-1 sm:flex-row" aria-label={t(`feedCheck.sizes.${row.id}`)}>
                {row.cells.map((cell) => (
                  <SizeCell key={cell.theme} src={image.urls.preview} result={cell} method={result.method} />
                ))}
              </ul>
            </div>
          );
        })}
      </section>
    </div>
  );
}
