import fc from "fast-check";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateOf } from "../testing/db-state.ts";
import { createFuzzLog, garbageHeaderValue, nastyString, nastyValue, type RawRequest, samples, sendAll } from "../testing/fuzz.ts";
import { openSocket } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Socket.IO: garbage handshakes, garbage events and acks, and malformed wire packets. The server listens to no
// client events, so all of it must be shrugged off: no crash, no internal error, the next good socket works.
let server: TestServer;
let token: string;
let userId: string;
const log = createFuzzLog();

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "fuzz.socket@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => {
  console.log(`Socket.IO: ${log.summary()}`);
  await server?.close();
});

type Outcome = "connected" | string;

function handshake(auth: Record<string, unknown>, headers: Record<string, string>): Promise<Outcome> {
  const socket = connect(server.url, { transports: ["websocket"], reconnection: false, forceNew: true, auth, extraHeaders: headers, timeout: 10_000 });
  return new Promise((resolve) => {
    let answered = false;
    const done = (outcome: Outcome) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      socket.close();
      resolve(outcome);
    };
    const timer = setTimeout(() => done("no answer in 3 s"), 3_000);
    socket.once("connect", () => done("connected"));
    socket.once("connect_error", (err) => done(err.message));
    // An auth payload over the server's 64 KB message limit: the server closes the connection, as it should.
    // (A refusal closes the client's manager too; the connect_error that follows it is the answer then.)
    socket.io.once("close", (reason) => setTimeout(() => done(`closed: ${reason}`), 100));
  });
}

/** Opens a bare WebSocket to the engine, waits for its open packet, sends one frame, and waits for close or 200 ms. */
async function rawFrame(frame: string | Uint8Array, connectFirst: boolean): Promise<void> {
  const ws = new WebSocket(`${server.url.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`, { headers: { "x-session-token": token } } as never);
  ws.binaryType = "arraybuffer";
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("message", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error("websocket failed to open")), { once: true });
  });
  if (connectFirst) ws.send("40");
  ws.send(typeof frame === "string" ? frame : new Uint8Array(frame));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 200);
    ws.addEventListener("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  ws.close();
}

describe("fuzzing Socket.IO", () => {
  it("refuses garbage handshakes with unauthorized, shrugs off garbage events and packets, and stays up", { timeout: 120_000 }, async () => {
    const before = await stateOf(server.database.db);

    const handshakes = samples(
      fc.tuple(
        fc.oneof(nastyValue.map((token) => ({ token })), fc.dictionary(fc.constantFrom("token", "sessionToken", "__proto__", "x"), nastyValue, { maxKeys: 3 })),
        fc.dictionary(fc.constantFrom("cookie", "x-session-token", "origin", "authorization"), garbageHeaderValue, { maxKeys: 3 }),
      ),
    );
    for (const [auth, headers] of handshakes) {
      const outcome = await handshake(auth, headers);
      const oversized = (JSON.stringify(auth)?.length ?? 0) > 64 * 1024;
      log.count("socket handshake");
      // A garbage session is refused; any other answer (a connection, an internal error, silence) is a failure.
      if (outcome !== "unauthorized:session" && outcome !== "forbidden:origin" && !(oversized && outcome.startsWith("closed:"))) log.failures.push({ target: "socket handshake", input: `${outcome} ← ${JSON.stringify({ auth, headers }).slice(0, 200)}`, status: 0, stackLeaked: outcome.includes(" at ") });
    }

    const socket: Socket = await openSocket(server, token);
    const events = samples(
      fc.tuple(nastyString.filter((s) => s.length < 1_000), fc.array(nastyValue, { maxLength: 3 }), fc.boolean()),
    );
    const reserved = new Set(["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"]);
    for (const [name, args, withAck] of events) {
      if (reserved.has(name)) continue;
      if (withAck) socket.timeout(50).emit(name, ...args, () => {});
      else socket.emit(name, ...args);
      log.count("socket events");
    }
    // A round trip after the garbage: the same socket still hears what the server sends it.
    const heard = new Promise((resolve) => socket.once("credits:update", resolve));
    server.io.to(`user:${userId}`).emit("credits:update", { credits: 7 });
    expect(await heard).toEqual({ credits: 7 });
    socket.close();

    const frames = samples(
      fc.oneof(
        fc.constantFrom("", "4", "42", "42[", "42[]", '42["x"', "40{", "41", "43", "44", "45", "46", "451-[", "49", "0", "1", "2", "3", "5", "6", "7", "9x", "b4AAAA", '40{"token":null}', '42["credits:update",{"credits":1e999}]'),
        nastyValue.map((v) => `42${JSON.stringify(["event", v]) ?? ""}`),
        nastyString.map((s) => `4${s}`),
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 65 * 1024, max: 200 * 1024 }).map((n) => `42["big","${"x".repeat(n)}"]`),
      ),
    );
    let i = 0;
    for (const frame of frames) {
      await rawFrame(frame, i++ % 2 === 0);
      log.count("socket raw packets");
    }

    const polling: RawRequest[] = samples(
      fc.tuple(fc.constantFrom("", "&sid=garbage", "&sid=", "&EIO=3", "&transport=flashsocket"), nastyString.filter((s) => s.length < 20_000), fc.constantFrom("text/plain", "application/octet-stream", "application/json")).map(
        ([extra, body, type]) => ({ method: "POST", path: `/socket.io/?EIO=4&transport=polling${extra}`, headers: { "content-type": type }, body }),
      ),
    );
    await sendAll(server.url, log, "socket.io polling", polling);

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const fresh = await openSocket(server, token);
    expect(fresh.connected).toBe(true);
    fresh.close();
    expect(await stateOf(server.database.db)).toEqual(before);
    expect(log.failureLines()).toEqual([]);
    for (const target of ["socket handshake", "socket events", "socket raw packets", "socket.io polling"]) expect(log.counts.get(target)).toBeGreaterThanOrEqual(100);
  });
});
