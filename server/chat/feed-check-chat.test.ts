import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedCheck, feedCheckSchema } from "../../contract/feed-check.ts";
import type { FeedChecker } from "./tools/check-image.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { firstToolName, lastToolOutput, newConversation, postChat, readChatStream, saidIn } from "../testing/chat-stream.ts";

// The feed check through the chat as `npm start` runs it (the offline assistant, the real database and generation),
// with the feed check's service replaced at its interface by real contract objects: the check is free, and "fix it"
// after it is an ordinary edit of the checked image, priced like any: a bigger headline changes only the headline, so it
// is free (docs/decisions/038-headline-edits-are-free.md).
let server: TestServer;
let token: string;
let userId: string;
const asked: [string, string][] = [];

/** The headline fails at the smallest sizes; its fix is a bigger headline. */
function checkOf(imageId: string): FeedCheck {
  const size = (id: "mobile-home" | "mobile-search", width: number, height: number, reads: boolean) => ({
    size: id, theme: "dark" as const, width, height, verdict: reads ? ("pass" as const) : ("fail" as const), reads, readBack: null, distance: null, capHeight: reads ? 10.9 : 5.3, contrast: 7.2,
  });
  return feedCheckSchema.parse({
    imageId,
    headline: "I TRIED 100 DAYS OF CODING",
    title: null,
    method: "scene",
    ocrLanguage: null,
    readsOnPhones: false,
    sizes: [size("mobile-home", 343, 193, true), size("mobile-search", 168, 94, false)],
    findings: [{ id: "small-headline", severity: "fail", sizes: ["mobile-search"], details: { capHeight: 5.3 }, fix: { id: "bigger-headline", changes: { headlineScale: 1.4 } } }],
    checkedAt: new Date(0).toISOString(),
  });
}

const feedCheck: FeedChecker = {
  check: async (user, imageId) => {
    asked.push([user, imageId]);
    return checkOf(imageId);
  },
};

beforeAll(async () => {
  server = await startTestServer({ deps: { feedCheck } });
  const signedIn = await signInByCode(server, "feed-check-chat@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => server?.close());

interface ToolOutput {
  images?: { id: string; parentId: string | null }[];
  creditsSpent?: number;
  changes?: { layer: string; property: string; from?: unknown; to?: unknown }[];
  check?: FeedCheck;
}

async function ask(conversationId: string, words: string) {
  const chunks = await readChatStream(await postChat(server, { "x-session-token": token }, conversationId, words));
  return { text: saidIn(chunks), toolName: firstToolName(chunks), output: lastToolOutput<ToolOutput>(chunks) };
}

const ledgerRows = async () => (await server.services.credits.statement(userId, { limit: 100 })).transactions.length;
const balance = async () => (await server.services.credits.balance(userId)) ?? 0;

describe("the feed check in the chat, end to end", () => {
  it("checks the current image for free, says what fails and the fix, and \"fix it\" edits it with that fix, priced like any edit (free: only the headline changes)", async () => {
    const id = await newConversation(server, { "x-session-token": token });
    const made = await ask(id, "make a cartoon thumbnail for 'I tried 100 days of coding'");
    const imageId = made.output?.images?.[0]?.id ?? "";
    expect(imageId).not.toBe("");

    const [rowsBefore, creditsBefore] = [await ledgerRows(), await balance()];
    const checked = await ask(id, "will this read on mobile?");
    expect(checked.toolName).toBe("checkImage");
    expect(asked).toEqual([[userId, imageId]]);
    expect(checked.output?.check?.imageId).toBe(imageId);
    expect(checked.text).toContain("It does not read at 168×94.");
    expect(checked.text).toContain("Headline too small at 168×94.");
    expect(checked.text).toContain("Fixes: Bigger headline.");
    expect([await ledgerRows(), await balance()]).toEqual([rowsBefore, creditsBefore]);

    const fixed = await ask(id, "fix it");
    expect(fixed.toolName).toBe("editImage");
    expect(fixed.output?.images?.[0]?.parentId).toBe(imageId);
    expect(fixed.output?.changes).toContainEqual(expect.objectContaining({ layer: "headline", property: "size" }));
    expect(fixed.output?.creditsSpent).toBe(0);
    expect([await ledgerRows(), await balance()]).toEqual([rowsBefore, creditsBefore]);
  });
});
