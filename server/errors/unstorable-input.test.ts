import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { toAppError } from "./to-app-error.ts";

const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("values the database cannot store", () => {
  it.each(["22021", "22P05", "22008"])("%s is a 400 invalid:value that does not repeat the database's words", (code) => {
    const err = toAppError(new DrizzleQueryError("select 1", [], withCode(code, 'invalid byte sequence for encoding "UTF8": 0x00')));
    expect(err.status).toBe(400);
    expect(err.code).toBe("invalid:value");
    expect(err.message).not.toContain("UTF8");
  });

  it("other data errors stay 500s: they are ours", () => {
    expect(toAppError(withCode("23502", "null value in column")).status).toBe(500);
  });
});

describe("a NUL byte in an e-mail at password sign-in", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("stops at validation with a 400, never reaching the database, and the server answers on", async () => {
    const res = await postJson(server, "/api/auth/login", { email: "a\u0000b@example.test", password: "long enough password" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid:email" });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
