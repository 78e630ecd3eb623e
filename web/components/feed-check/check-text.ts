import type { TFunction } from "i18next";
import { type FeedCheck, type FeedSizeId, feedSizes, type Finding } from "../../../contract/feed-check.ts";

/** A size as the creator reads it: "168×94". Two places of one size (phone search, up next) say it once. */
export function sizeList(ids: readonly FeedSizeId[]): string {
  return [...new Set(ids.map((id) => `${feedSizes[id].width}×${feedSizes[id].height}`))].join(", ");
}

/** What a finding is about, in words: the badge can sit over the subject rather than the headline. */
function findingKey(finding: Finding): string {
  if (finding.id === "under-badge" && finding.details.what === "subject") return "feedCheck.finding.under-badge-subject";
  return `feedCheck.finding.${finding.id}`;
}

/** A finding in one line: "Headline too small at 168×94", or without sizes when it is about the whole image. */
export function findingLine(t: TFunction<"app">, finding: Finding): string {
  const what = t(findingKey(finding));
  return finding.sizes.length > 0 ? t("feedCheck.findingAt", { finding: what, sizes: sizeList(finding.sizes) }) : what;
}

/** A fix's button label; the hook's words come from the finding. */
export function fixLabel(t: TFunction<"app">, finding: Finding): string {
  if (!finding.fix) return "";
  return t(`feedCheck.fix.${finding.fix.id}`, { hook: String(finding.details.hook ?? "") });
}

/** The first finding a compact line names: a failing one on a phone, else any failing one. */
function firstFailing(check: FeedCheck): Finding | undefined {
  const failing = check.findings.filter((finding) => finding.severity === "fail");
  return failing.find((finding) => finding.sizes.some((id) => feedSizes[id].phone)) ?? failing[0];
}

/**
 * How the compact line looks: "pass" when every phone size reads, "unchecked" when the words were not read at all
 * and nothing fails, else "fail".
 */
export function verdictTone(check: FeedCheck): "pass" | "fail" | "unchecked" {
  if (check.readsOnPhones) return "pass";
  return check.method === "none" && !firstFailing(check) ? "unchecked" : "fail";
}

/**
 * The compact line of a chat card: "Reads on phones ✓", else what fails on a phone first (the first failing finding
 * at a phone size, else any failing finding, else any finding at a phone size), else the phone sizes that do not read.
 * Words that were not read (method "none") are never said to read or not: the line says they were not checked.
 */
export function verdictLine(t: TFunction<"app">, check: FeedCheck): string {
  if (check.readsOnPhones) return t("feedCheck.readsOnPhones");
  const onPhone = (finding: Finding) => finding.sizes.some((id) => feedSizes[id].phone);
  const failing = firstFailing(check);
  if (check.method === "none") return failing ? findingLine(t, failing) : t("feedCheck.wordsNotChecked");
  const first = failing ?? check.findings.find(onPhone);
  if (first) return findingLine(t, first);
  const phoneSizes = check.sizes.filter((result) => feedSizes[result.size].phone && !result.reads).map((result) => result.size);
  return t("feedCheck.failsOnPhones", { sizes: sizeList(phoneSizes) });
}

/** Why the words were not checked: no headline is known, or its script has no OCR data and there is no scene. */
export function notCheckedReason(t: TFunction<"app">, check: FeedCheck): string {
  return t(check.headline === null ? "feedCheck.notCheckedWhy.noHeadline" : "feedCheck.notCheckedWhy.noScene");
}

/**
 * The line under "What to fix" when there is no finding: clean only when every size reads; a size that fails with
 * no finding to explain it is said as it is, and words never read are not called readable.
 */
export function noFindingLine(t: TFunction<"app">, check: FeedCheck): { clean: boolean; text: string } {
  if (check.method === "none") return { clean: false, text: t("feedCheck.noFindingsUnchecked") };
  const failing = check.sizes.filter((result) => !result.reads).map((result) => result.size);
  if (failing.length === 0) return { clean: true, text: t("feedCheck.noFindings") };
  return { clean: false, text: t("feedCheck.unexplained", { sizes: sizeList(failing) }) };
}
