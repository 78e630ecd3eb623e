import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Inputs that once reached the database unchecked and answered 500: each is a clear 4xx now, and changes nothing.
let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "inputs@example.test");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
});
afterAll(async () => server?.close());

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");
const uuid = "0b7f9c2e-3f5a-4c1d-9e8b-7a6d5c4b3a21";

async function answer(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, { ...init, headers: { ...tokenHeaders(token), ...init.headers } });
  const body = (await res.json()) as { code?: string; error?: string };
  return { status: res.status, code: body.code };
}

const gallery = (query: string) => answer(`/api/users/${userId}/gallery?${query}`);

describe("generation input", () => {
  it.each([
    ["a NUL byte in the prompt", { prompt: "a cat\u0000 on a roof" }],
    ["a NUL byte in the model", { prompt: "a cat", model: "studio\u0000" }],
    ["a prompt of control characters only", { prompt: "\u0000\u0001" }],
  ])("%s is a 400", async (_name, body) => {
    const res = await answer("/api/generate-kontext-image", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(res.code).toMatch(/^invalid:/);
  });

  it("charges nothing for a refused prompt", async () => {
    const before = await fetch(`${server.url}/api/users/${userId}/credits`, { headers: tokenHeaders(token) }).then((r) => r.json());
    await answer("/api/generate-kontext-image", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ prompt: "x\u0000" }) });
    const after = await fetch(`${server.url}/api/users/${userId}/credits`, { headers: tokenHeaders(token) }).then((r) => r.json());
    expect(after).toEqual(before);
  });
});

describe("gallery query", () => {
  it.each([
    ["a cursor date before year 1", cursorOf(`-271821-04-20T00:00:00.000Z|${uuid}`)],
    ["a cursor date past PostgreSQL's range", cursorOf(`+275760-09-13T00:00:00.000Z|${uuid}`)],
    ["a cursor date before 1970", cursorOf(`1969-12-31T23:59:59.999Z|${uuid}`)],
    ["a cursor date in year 10000", cursorOf(`+010000-01-01T00:00:00.000Z|${uuid}`)],
    ["a cursor that is not a date", cursorOf(`yesterday|${uuid}`)],
    ["a cursor date in another format", cursorOf(`Tue Nov 24 2026|${uuid}`)],
    ["a cursor with a NUL byte", cursorOf(`2026-11-22T10:00:00.000Z|${uuid}\u0000`)],
    ["a cursor whose id is not a uuid", cursorOf("2026-11-22T10:00:00.000Z|1 or 1=1")],
    ["a cursor that is not base64url", "%00%ff"],
  ])("%s is a 400 invalid:cursor", async (_name, cursor) => {
    expect(await gallery(`cursor=${encodeURIComponent(cursor)}`)).toEqual({ status: 400, code: "invalid:cursor" });
  });

  it.each([["limit=1e400"], ["limit=0"], ["limit=-1"], ["limit=%00"], ["kind=upload"], ["kind=generated&kind=edited"], ["kind=%00"]])(
    "%s is a 400",
    async (query) => {
      const res = await gallery(query);
      expect(res.status).toBe(400);
      expect(res.code).toMatch(/^invalid:/);
    },
  );

  it.each([["2026-11-22T10:00:00.000Z"], ["1970-01-01T00:00:00.000Z"], ["9999-12-31T23:59:59.999Z"]])("a cursor at %s still pages", async (iso) => {
    expect((await gallery(`cursor=${cursorOf(`${iso}|${uuid}`)}`)).status).toBe(200);
  });
});

describe("image ids", () => {
  it.each([["not-a-uuid"], ["%00"], [`${uuid}%00`], ["..%2F..%2Fetc%2Fpasswd"]])("GET /api/images/%s is a 404", async (id) => {
    expect(await answer(`/api/images/${id}`)).toEqual({ status: 404, code: "not_found:image" });
    expect(await answer(`/api/images/${id}/thumb`)).toEqual({ status: 404, code: "not_found:image" });
  });

  it("an unknown variant is a 404", async () => {
    expect(await answer(`/api/images/${uuid}/%00`)).toEqual({ status: 404, code: "not_found:image" });
  });

  it("a gallery of a user id that is not a uuid is a 403", async () => {
    expect((await answer("/api/users/%00/gallery")).status).toBe(403);
  });
});
