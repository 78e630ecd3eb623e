import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

function open(options: { token?: string; cookie?: string; origin?: string }): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const socket = connect(server.url, {
    transports: ["websocket"],
    reconnection: false,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: headers,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

describe("Socket.IO handshake", () => {
  it("refuses an unauthenticated socket with connect_error", async () => {
    await expect(open({})).rejects.toThrow("unauthorized:session");
    await expect(open({ token: "nonsense" })).rejects.toThrow("unauthorized:session");
  });

  it("refuses a foreign Origin even with a valid session", async () => {
    const { sessionToken } = await signInByCode(server, "origin@example.com");
    await expect(open({ token: sessionToken, origin: "https://evil.example" })).rejects.toThrow("forbidden:origin");
    const ok = await open({ token: sessionToken, origin: server.url });
    expect(ok.connected).toBe(true);
  });

  it("joins user:<id> by token or cookie, delivers credits:update to every tab, and logout closes that session's sockets", async () => {
    const { user, sessionToken, cookie } = await signInByCode(server, "tabs@example.com");
    const byToken = await open({ token: sessionToken });
    const byCookie = await open({ cookie });
    const other = await signInByCode(server, "tabs@example.com");
    const otherSession = await open({ token: other.sessionToken });

    const received = Promise.all([byToken, byCookie, otherSession].map((s) => new Promise((resolve) => s.once("credits:update", resolve))));
    const sockets = await server.io.in(`user:${user.id}`).fetchSockets();
    expect(sockets).toHaveLength(3);
    server.io.to(`user:${user.id}`).emit("credits:update", { credits: 42 });
    expect(await received).toEqual([{ credits: 42 }, { credits: 42 }, { credits: 42 }]);

    const closed = Promise.all([byToken, byCookie].map((s) => new Promise((resolve) => s.once("disconnect", resolve))));
    const res = await postJson(server, "/api/auth/logout", undefined, { "x-session-token": sessionToken });
    expect(res.status).toBe(200);
    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    expect(otherSession.connected).toBe(true);
    await expect(open({ token: sessionToken })).rejects.toThrow("unauthorized:session");
  });
});

describe("Socket.IO messages from the browser", () => {
  it("closes a socket that sends a message over 64 KB, before the server reads it", async () => {
    const { sessionToken } = await signInByCode(server, "big-message@example.com");
    // The web never sends events; whatever a socket sends arrives here, so an accepted message is seen at once.
    const heard = new Promise<string>((resolve) => server.io.on("connection", (s) => s.onAny((event: string) => resolve(`server read ${event}`))));
    const socket = await open({ token: sessionToken });
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(`disconnected: ${reason}`)));
    (socket.emit as (event: string, payload: string) => void)("oversized", "x".repeat(100 * 1024));
    expect(await Promise.race([heard, closed])).toBe("disconnected: transport close");
  });
});

