import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorDocument } from "../../contract/editor.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { images } from "../../db/schema/images.ts";
import { payments } from "../../db/schema/payments.ts";
import { testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { STRIPE_TEST_ENV, startStripeWire, type StripeWire } from "../testing/stripe-wire.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { sendJson, startWireServer, type WireServer } from "../testing/wire-server.ts";

// Stripe's stand-in behind a door the tests hold shut (a provider still answering) or make fail (a provider down).
let stripe: StripeWire;
let door: WireServer;
let shut: Promise<void> | undefined;
let failures = 0;
let waiting: TestServer;
let stripeLike: TestServer;

beforeAll(async () => {
  stripe = await startStripeWire();
  door = await startWireServer(async (req, res) => {
    if (req.method === "POST" && failures > 0) {
      failures -= 1;
      return sendJson(res, 500, { error: { type: "api_error", message: "Stripe is down" } });
    }
    await shut;
    const answer = await fetch(`${stripe.url}${req.path}`, {
      method: req.method,
      headers: { "content-type": String(req.headers["content-type"] ?? "application/x-www-form-urlencoded") },
      ...(req.method === "GET" ? {} : { body: new Uint8Array(req.body) }),
    });
    res.writeHead(answer.status, { "content-type": "application/json" }).end(Buffer.from(await answer.arrayBuffer()));
  });
  const env = { ...STRIPE_TEST_ENV, STRIPE_API_URL: door.url };
  waiting = await startTestServer({ env });
  stripeLike = await startTestServer({ env: { ...env, IDEMPOTENCY_WAIT_MS: "0" } });
});
afterAll(async () => {
  await waiting?.close();
  await stripeLike?.close();
  await door?.close();
  await stripe?.close();
});

let people = 0;
const someone = (server: TestServer) => signInByCode(server, `paid${++people}@example.com`);

function post(server: TestServer, path: string, token: string, body: unknown, key: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token), "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
}

const intentCalls = () => door.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").length;
const paymentsOf = (server: TestServer, userId: string) => server.database.db.select().from(payments).where(eq(payments.userId, userId));

/** Holds Stripe's answers until the returned function is called. */
function holdStripe(): () => void {
  let open = () => {};
  shut = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    shut = undefined;
    open();
  };
}

async function untilStripeCalled(count: number): Promise<void> {
  while (intentCalls() < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("Idempotency-Key on the money-moving routes", () => {
  it("makes a duplicate sent while the first is running wait for the first's answer: one intent at Stripe", async () => {
    const me = await someone(waiting);
    const calls = intentCalls();
    const open = holdStripe();
    const first = post(waiting, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0001");
    await untilStripeCalled(calls + 1);
    let secondDone = false;
    const second = post(waiting, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0001").finally(() => {
      secondDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondDone).toBe(false);
    open();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.text()).toBe(await a.text());
    expect(intentCalls()).toBe(calls + 1);
    expect(await paymentsOf(waiting, me.user.id)).toHaveLength(1);
  });

  it("with IDEMPOTENCY_WAIT_MS=0 answers such a duplicate 409 at once, as Stripe does, and the first's answer afterwards", async () => {
    const me = await someone(stripeLike);
    const calls = intentCalls();
    const open = holdStripe();
    const first = post(stripeLike, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0002");
    await untilStripeCalled(calls + 1);
    const busy = await post(stripeLike, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0002");
    expect(busy.status).toBe(409);
    expect(busy.headers.get("retry-after")).toBe("1");
    expect(await busy.json()).toMatchObject({ code: "conflict:idempotency_key_in_flight" });
    open();
    const answer = await first;
    expect(answer.status).toBe(200);
    const later = await post(stripeLike, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0002");
    expect(await later.text()).toBe(await answer.text());
    expect(intentCalls()).toBe(calls + 1);
    expect(await paymentsOf(stripeLike, me.user.id)).toHaveLength(1);
  });

  it("does not keep a failure: after a 503 the same key runs again", async () => {
    const me = await someone(waiting);
    // The SDK tries three times before it gives up.
    failures = 3;
    const failed = await post(waiting, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0003");
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ code: "unavailable:payment_provider" });
    const retried = await post(waiting, "/api/create-payment-intent", me.sessionToken, { packId: "starter" }, "pay-click-0003");
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await paymentsOf(waiting, me.user.id)).toHaveLength(1);
  });

  it("saves an editor document once per key; a download with a key is a file each time, never kept", async () => {
    const me = await someone(waiting);
    const uploaded = imageResponseSchema.parse(await (await upload(waiting, me.sessionToken, await testPhoto(640, 480))).json()).image;
    const doc: EditorDocument = {
      crop: { aspect: "free", x: 0, y: 0, w: 640, h: 480 },
      rotation: 0,
      flipX: false,
      flipY: false,
      adjust: { brightness: 0, contrast: 0, saturation: 0 },
      filter: "mono",
      texts: [],
      subjects: [],
    };
    const path = `/api/images/${uploaded.id}/edits`;
    const saved = await post(waiting, path, me.sessionToken, doc, "save-click-001");
    expect(saved.status).toBe(201);
    const again = await post(waiting, path, me.sessionToken, doc, "save-click-001");
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(await saved.text());
    const edited = (await waiting.database.db.select().from(images).where(eq(images.userId, me.user.id))).filter((i) => i.kind === "edited");
    expect(edited).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) {
      const file = await post(waiting, `${path}?download=png`, me.sessionToken, doc, "download-click-1");
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      expect(file.headers.get("idempotent-replayed")).toBeNull();
    }
  });

  it("guards every paid or money-moving POST: a malformed key is refused there with 400", async () => {
    const me = await someone(waiting);
    const routes = [
      "/api/generate-kontext-image",
      "/api/generate-pack",
      "/api/replace-subject",
      "/api/personas/generate",
      "/api/create-payment-intent",
      "/api/razorpay/orders",
      "/api/subscriptions/pro",
      "/api/refund-requests",
      "/api/images/00000000-0000-4000-8000-000000000000/edits",
      "/api/images/00000000-0000-4000-8000-000000000000/fix",
      "/api/comparisons",
      // Free, but seconds of work a retry must not repeat (a kit learned twice).
      "/api/style-kits",
      // Free, but a retry must not post the same poll to Discord twice.
      "/api/community-polls",
    ];
    for (const path of routes) {
      const res = await post(waiting, path, me.sessionToken, {}, "bad key");
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ code: "invalid:idempotency_key" });
    }
    // The API's description offers the header on exactly these routes.
    const doc = (await (await fetch(`${waiting.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key"))
        .map(([method]) => `${method} ${path}`),
    );
    expect(described.sort()).toEqual(routes.map((path) => `post ${path.replace(/\/images\/[^/]+\//, "/images/{id}/")}`).sort());
  });
});
