import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditPromotions } from "../../db/schema/credit-promotions.ts";
import { creditsPath, EARLY_BIRD_PROMOTION, creditsResponseSchema, dailyAllowanceClaimSchema, dailyAllowancePath } from "../../contract/credits.ts";
import { createAuthStore } from "../auth/store.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createCreditsService } from "./service.ts";

let server: TestServer;
let now = Date.parse("2026-11-24T10:00:00Z");

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "2", DAILY_FREE_CREDITS: "5" }, deps: { clock: () => now } });
  // The early-bird offer is over on this server: balances start at the signup grant.
  await server.database.db.insert(creditPromotions).values({ name: EARLY_BIRD_PROMOTION, remaining: 0 });
});
afterAll(async () => server?.close());

async function statement(token: string, userId: string, query = "") {
  const res = await fetch(`${server.url}${creditsPath(userId)}${query}`, { headers: { "x-session-token": token } });
  return { status: res.status, body: res.status === 200 ? creditsResponseSchema.parse(await res.json()) : await res.json() };
}

describe("daily allowance and the ledger for people", () => {
  it("tops a short balance up to the allowance once per UTC day, newest row first, and refuses someone else's", async () => {
    const me = await signInByCode(server, "daily@example.com");
    const first = await statement(me.sessionToken, me.user.id);
    expect(first.body).toMatchObject({ credits: 2, dailyAllowance: { credits: 5, claimable: true } });

    const claim = () => postJson(server, dailyAllowancePath(me.user.id), {}, { "x-session-token": me.sessionToken });
    const granted = dailyAllowanceClaimSchema.parse(await (await claim()).json());
    expect(granted).toMatchObject({ credits: 5, granted: 3, dailyAllowance: { claimable: false, nextRefillAt: "2026-11-25T00:00:00.000Z" } });
    const again = dailyAllowanceClaimSchema.parse(await (await claim()).json());
    expect(again).toMatchObject({ credits: 5, granted: 0 });

    const after = await statement(me.sessionToken, me.user.id);
    if (after.status !== 200) throw new Error("statement failed");
    expect(after.body.transactions.map((t: { reason: string; delta: number }) => [t.reason, t.delta])).toEqual([
      ["daily-allowance", 3],
      ["signup", 2],
    ]);

    // The next UTC day the allowance is due again, but only for what was spent.
    await server.services.credits.apply({ userId: me.user.id, delta: -4, reason: "generation", ref: "spent-1" });
    now += 86_400_000;
    const nextDay = dailyAllowanceClaimSchema.parse(await (await claim()).json());
    expect(nextDay).toMatchObject({ credits: 5, granted: 4 });

    const other = await signInByCode(server, "other-daily@example.com");
    const res = await postJson(server, dailyAllowancePath(me.user.id), {}, { "x-session-token": other.sessionToken });
    expect(res.status).toBe(403);
    expect((await statement(other.sessionToken, me.user.id)).status).toBe(403);
    expect(await server.services.credits.balance(me.user.id)).toBe(5);
  });

  it("pages the ledger with a cursor and refuses a bad one", async () => {
    const me = await signInByCode(server, "pages@example.com");
    for (let i = 0; i < 5; i++) await server.services.credits.apply({ userId: me.user.id, delta: 1, reason: "purchase", ref: `page-${i}` });
    const first = await statement(me.sessionToken, me.user.id, "?limit=4");
    if (first.status !== 200) throw new Error("statement failed");
    expect(first.body.transactions).toHaveLength(4);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await statement(me.sessionToken, me.user.id, `?limit=4&cursor=${first.body.nextCursor}`);
    if (second.status !== 200) throw new Error("statement failed");
    expect(second.body.transactions).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    const ids = [...first.body.transactions, ...second.body.transactions].map((t: { id: string }) => t.id);
    expect(new Set(ids).size).toBe(6);
    expect((await statement(me.sessionToken, me.user.id, "?cursor=nope")).status).toBe(400);
    expect((await statement(me.sessionToken, me.user.id, "?limit=1000")).status).toBe(400);
  });

  itOnPostgres("grants one top-up when ten claims arrive at once", async () => {
    const realtime: RealtimePublisher = { toUser: () => {}, disconnectSessions: () => {} };
    const credits = createCreditsService({ db: server.database.db, freeSignupCredits: 0, dailyFreeCredits: 7, realtime, clock: () => now });
    const user = await createAuthStore(server.database.db).createUser("race-daily@example.com", "en", (tx, id) => credits.grantSignupIn(tx, id));
    if (!user) throw new Error("no user");
    const base = user.credits;
    const claims = await Promise.all(Array.from({ length: 10 }, () => credits.claimDailyAllowance(user.id)));
    const expected = Math.max(0, 7 - base);
    expect(claims.reduce((sum, c) => sum + c.granted, 0)).toBe(expected);
    expect(await credits.balance(user.id)).toBe(Math.max(7, base));
    expect(await credits.ledgerSum(user.id)).toBe(Math.max(7, base));
  });
});
