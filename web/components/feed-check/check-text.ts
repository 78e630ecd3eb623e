import type { TFunction } from "i18next";
import { type FeedCheck, type FeedSizeId, feedSizes, type Finding } from "../../../contract/feed-check.ts";

/** A size as the creator reads it: "168×94". Two places of one size (phone search, up next) say it once. */
export function sizeList(ids: readonly FeedSizeId[]): string {
  return [...new Set(ids.map((id) => `${feedSizes[id].width}×${feedSizes[id].height}`))].join(", ");
}

/** A finding in one line: "Headline too small at 168×94", or without sizes when it is about the whole image. */
export function findingLine(t: TFunction<"app">, finding: Finding): string {
  const what = t(`feedCheck.finding.${finding.id}`);
  return finding.sizes.length > 0 ? t("feedCheck.findingAt", { finding: what, sizes: sizeList(finding.sizes) }) : what;
}

/** A fix's button label; the hook's words come from the finding. */
export function fixLabel(t: TFunction<"app">, finding: Finding): string {
  if (!finding.fix) return "";
  return t(`feedCheck.fix.${finding.fix.id}`, { hook: String(finding.details.hook ?? "") });
}

/**
 * The compact line of a chat card: "Reads on phones ✓", else what fails on a phone first (the first failing finding
 * at a phone size, else any failing finding), else the phone sizes that do not read.
 */
export function verdictLine(t: TFunction<"app">, check: FeedCheck): string {
  if (check.readsOnPhones) return t("feedCheck.readsOnPhones");
  const onPhone = (finding: Finding) => finding.sizes.some((id) => feedSizes[id].phone);
  const failing = check.findings.filter((finding) => finding.severity === "fail");
  const first = failing.find(onPhone) ?? failing[0] ?? check.findings.find(onPhone);
  if (first) return findingLine(t, first);
  const phoneSizes = check.sizes.filter((result) => feedSizes[result.size].phone && !result.reads).map((result) => result.size);
  return t("feedCheck.failsOnPhones", { sizes: sizeList(phoneSizes) });
}
