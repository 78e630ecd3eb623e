import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { stateOf } from "../testing/db-state.ts";
import { authHeaders, badSegment, createFuzzLog, garbageHeaderValue, type RawRequest, samples, sendAll } from "../testing/fuzz.ts";
import { testPhoto, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Every GET endpoint, fed bad ids, bad query strings and bad headers: no 5xx, and nothing changes.
let server: TestServer;
let good: Record<string, string>;
let userId: string;
let imageId: string;
let imageVersion: string;
const log = createFuzzLog();

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "fuzz.read@example.com");
  good = { "x-session-token": signedIn.sessionToken };
  userId = signedIn.user.id;
  const { image } = imageResponseSchema.parse(await (await upload(server, signedIn.sessionToken, await testPhoto(64, 64))).json());
  imageId = image.id;
  imageVersion = image.urls?.thumb.split("/").at(-1) ?? "";
});
afterAll(async () => {
  console.log(`GET endpoints: ${log.summary()}`);
  await server?.close();
});

const queryValue = fc.oneof(badSegment, fc.constantFrom("0", "-1", "61", "1e3", "1.5", "99999999999999999999", "", "%", "NaN", "Infinity"));
const isoOutOfRange = ["-271821-04-20T00:00:00.000Z", "-010000-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "275760-09-13T00:00:00.001Z", "+275760-09-13T00:00:00.001Z", "-271821-04-19T00:00:00.000Z", "+999999-01-01T00:00:00Z", "0000-00-00T00:00:00Z", "2026-13-45T25:61:61Z", "1e21", "-1"];
const cursor = fc.oneof(
  { weight: 1, arbitrary: badSegment },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom(...isoOutOfRange, "2026-01-01T00:00:00.000Z"), fc.oneof(fc.uuid(), badSegment)).map(([iso, id]) => Buffer.from(`${iso}|${id}`).toString("base64url")),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((s) => Buffer.from(s).toString("base64url")) },
);

/** A query string from hostile keys and values, with arrays (`a[]=`, repeated keys) and nested brackets. */
function query(extra: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<string> {
  const keys = fc.constantFrom("limit", "kind", "cursor", "download", "x", "limit[]", "kind[a]", "__proto__", "constructor[prototype]", "", "%00");
  const pairs = fc.array(fc.tuple(keys, queryValue), { maxLength: 4 });
  const chosen = Object.entries(extra).map(([k, arb]) => arb.map((v) => [k, v] as [string, string]));
  return fc.tuple(pairs, chosen.length ? fc.tuple(...chosen) : fc.constant([] as [string, string][])).map(([p, c]) => {
    const all = [...c, ...p];
    return all.length ? `?${all.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
  });
}

const headerJunk = fc.dictionary(
  fc.constantFrom("accept", "accept-language", "accept-encoding", "if-none-match", "range", "x-forwarded-for", "origin", "referer", "user-agent"),
  garbageHeaderValue,
  { maxKeys: 3 },
);

function get(pathArb: fc.Arbitrary<string>, auth: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<RawRequest> {
  return fc.tuple(pathArb, auth, headerJunk).map(([path, a, junk]) => ({ method: "GET", path, headers: { ...junk, ...a } }));
}

describe("fuzzing the GET endpoints", () => {
  it("answers bad ids, queries and headers with 4xx, never 5xx, and changes nothing", async () => {
    const before = await stateOf(server.database.db);
    const mine = authHeaders(good);
    const variant = fc.oneof(badSegment, fc.constantFrom("original", "preview", "thumb"));
    const targets: [string, fc.Arbitrary<RawRequest>][] = [
      ["GET /api/images/:id", get(fc.tuple(fc.oneof(badSegment, fc.constant(imageId)), query()).map(([id, q]) => `/api/images/${id}${q}`), mine)],
      [
        "GET /api/images/:id/:variant",
        get(fc.tuple(fc.oneof(badSegment, fc.constant(imageId)), variant, query({ download: queryValue })).map(([id, v, q]) => `/api/images/${id}/${v}${q}`), mine),
      ],
      [
        "GET /api/images/:id/:variant/:version",
        get(
          fc
            .tuple(fc.oneof(badSegment, fc.constant(imageId)), variant, fc.oneof(badSegment, fc.constantFrom(imageVersion, "0")), query({ download: queryValue, format: queryValue }))
            .map(([id, v, version, q]) => `/api/images/${id}/${v}/${version}${q}`),
          mine,
        ),
      ],
      [
        "GET /api/users/:userId/gallery",
        get(
          fc.oneof(
            fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constant(userId) }, { weight: 1, arbitrary: badSegment }), query({ cursor, limit: queryValue, kind: queryValue })).map(
              ([id, q]) => `/api/users/${id}/gallery${q}`,
            ),
            // A cursor alone, so the keyset query itself meets hostile dates and ids.
            cursor.map((c) => `/api/users/${userId}/gallery?cursor=${c}`),
          ),
          mine,
        ),
      ],
      [
        "GET /api/users/:userId/credits",
        get(fc.tuple(fc.oneof(fc.constant(userId), badSegment), query({ cursor, limit: queryValue })).map(([id, q]) => `/api/users/${id}/credits${q}`), mine),
      ],
      ["GET /api/pricing", get(query().map((q) => `/api/pricing${q}`), authHeaders(undefined))],
      ["GET /api/refund-requests", get(query().map((q) => `/api/refund-requests${q}`), mine)],
      ["GET /api/auth/user", get(query().map((q) => `/api/auth/user${q}`), authHeaders(undefined))],
      ["GET /api/models", get(query().map((q) => `/api/models${q}`), authHeaders(good))],
      ["GET /api/health", get(query().map((q) => `/api/health${q}`), authHeaders(undefined))],
    ];
    for (const [target, arb] of targets) await sendAll(server.url, log, target, samples(arb));

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await stateOf(server.database.db)).toEqual(before);
    expect(log.failureLines()).toEqual([]);
    for (const [target] of targets) expect(log.counts.get(target)).toBeGreaterThanOrEqual(100);
  });
});
