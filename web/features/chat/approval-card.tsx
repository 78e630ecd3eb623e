import { useTranslation } from "react-i18next";
import { z } from "zod/mini";
import { spendQuoteSchema } from "../../../contract/chat.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ChatIcon, icons } from "./icons.tsx";
import { Spinner } from "./tool-card.tsx";
import type { ChatPart } from "./types.ts";

/** A tool call's part while it waits for, or has had, the user's Approve / Deny. */
export type ApprovalPart = Extract<ChatPart, { type: `tool-${string}`; state: "approval-requested" | "approval-responded" | "output-denied" }>;

export function isApprovalPart(part: ChatPart): part is ApprovalPart {
  return part.type.startsWith("tool-") && "state" in part && (part.state === "approval-requested" || part.state === "approval-responded" || part.state === "output-denied");
}

/** What the user can do with a waiting spend. */
export interface ApprovalActions {
  /**
   * "open": the last answer, nothing streaming; "busy": the answer is still streaming; "closed": a newer message left
   * it unanswered for good (nothing ran, nothing was charged).
   */
  availability: "open" | "busy" | "closed";
  answer(approvalId: string, approved: boolean): void;
}

const descriptorSchema = z.object({ quote: spendQuoteSchema });

/**
 * A spend that waits for the user (docs/product/chat.md, Approving a spend): what it costs, the balance it would
 * leave and the model, with Approve / Deny. Answered, it says what happens; denied or left behind, that nothing
 * was charged.
 */
export function ApprovalCard({ part, actions }: { part: ApprovalPart; actions?: ApprovalActions | undefined }) {
  const { t } = useTranslation("chat");
  const quote = descriptorSchema.safeParse(part.approval.descriptor).data?.quote;
  const input = part.input as { prompt?: unknown; instruction?: unknown } | undefined;
  const request = typeof input?.prompt === "string" ? input.prompt : typeof input?.instruction === "string" ? input.instruction : undefined;
  const waiting = part.state === "approval-requested";
  const answerable = waiting && actions?.availability === "open";
  const titleId = `approval-${part.toolCallId}`;
  return (
    <Card
      as="article"
      padding="none"
      radius="md"
      className={`grid min-w-0 gap-4 p-4 ${waiting ? "border-primary/50" : ""}`}
      data-testid="approval-card"
      data-state={part.state}
      aria-labelledby={titleId}
    >
      <div className="grid gap-1">
        <h3 id={titleId} className="flex items-center gap-2 font-semibold">
          <ChatIcon d={icons.warning} className="size-5 text-primary" />
          {t("approval.title")}
        </h3>
        {request && <p className="text-sm break-words text-muted">{request}</p>}
      </div>
      {quote && (
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface-2 p-3 text-sm min-[480px]:grid-cols-3">
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted">{t("approval.cost")}</dt>
            <dd className="text-base font-semibold tabular-nums" data-testid="approval-cost">
              {t("approval.credits", { count: quote.cost })}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted">{t("approval.balanceAfter")}</dt>
            <dd className="text-base font-semibold tabular-nums" data-testid="approval-after">
              {t("approval.credits", { count: Math.max(0, quote.balance - quote.cost) })}
            </dd>
          </div>
          <div className="col-span-2 grid min-w-0 gap-0.5 min-[480px]:col-span-1">
            <dt className="text-xs text-muted">{t("approval.model")}</dt>
            <dd className="truncate font-semibold" title={quote.modelLabel}>
              {quote.modelLabel}
              {quote.count > 1 && <span className="font-normal text-muted tabular-nums"> ×{quote.count}</span>}
            </dd>
          </div>
        </dl>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {answerable && (
          <>
            <Button size="sm" onClick={() => actions.answer(part.approval.id, true)} data-testid="approval-approve">
              <ChatIcon d={icons.check} className="size-4" />
              {t("approval.approve")}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => actions.answer(part.approval.id, false)} data-testid="approval-deny">
              <ChatIcon d={icons.close} className="size-4" />
              {t("approval.deny")}
            </Button>
          </>
        )}
        <div role="status" aria-live="polite" className="text-sm">
          {part.state === "approval-responded" &&
            (part.approval.approved ? (
              <p className="flex items-center gap-2 font-semibold">
                <Spinner />
                {t("approval.approved")}
              </p>
            ) : (
              <p className="font-semibold">{t("approval.denied")}</p>
            ))}
          {part.state === "output-denied" && <p className="font-semibold">{t("approval.denied")}</p>}
          {waiting && actions?.availability === "closed" && <p className="text-muted">{t("approval.expired")}</p>}
        </div>
      </div>
    </Card>
  );
}
