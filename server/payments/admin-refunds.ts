import { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import type { RefundService } from "./refunds.ts";

const argsSchema = z.union([
  z.tuple([z.literal("list")]),
  z.tuple([z.literal("approve"), z.uuid({ message: "a refund request id" })]),
  z.tuple([z.literal("reject"), z.uuid({ message: "a refund request id" }), z.string().trim().min(3, "a reason the customer will read")]),
]);

export const REFUNDS_USAGE = [
  "Usage: npm run admin -- refunds list",
  "       npm run admin -- refunds approve <request id>",
  '       npm run admin -- refunds reject <request id> "<reason the customer will read>"',
].join("\n");

/**
 * `npm run admin -- refunds …` (docs/product/payments.md, Refunds): support lists pending requests, approves one
 * (refund through the provider, then the ledger) or rejects it with a note. Answers the lines to print; throws an
 * AppError whose message is for the operator.
 */
export async function runRefundsCommand(args: readonly string[], refunds: RefundService): Promise<string[]> {
  const [verb, id, ...note] = args;
  const parsed = argsSchema.safeParse(verb === "reject" ? [verb, id, note.join(" ")] : args);
  if (!parsed.success) throw new AppError("invalid:request", `${parsed.error.issues.map((i) => i.message).join("; ")}\n${REFUNDS_USAGE}`);
  const command = parsed.data;
  if (command[0] === "list") {
    const pending = await refunds.pending();
    if (pending.length === 0) return ["No pending refund requests."];
    return pending.map((r) => `${r.id}  user ${r.userId}  ${r.credits} credits  ${r.amount} (minor units)  ${r.createdAt.toISOString()}  "${r.reason}"`);
  }
  if (command[0] === "approve") {
    const { request, creditsTaken } = await refunds.approve(command[1]);
    return [`Refunded ${request.amount} (minor units) for request ${request.id} (provider refund ${request.providerRefundRef}); ${creditsTaken} credits taken back.`];
  }
  const rejected = await refunds.reject(command[1], command[2]);
  return [`Rejected request ${rejected.id}.`];
}
