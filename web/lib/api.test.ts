import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, actionRequest, apiRequest, defaultQueryFn, errorCodeOf, idempotencyMessageKey, newIdempotencyKey } from "./api.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends JSON bodies with a content type, credentials and the session token", async () => {
    localStorage.setItem("sessionToken", "abc.def");
    fetchMock.mockResolvedValue(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/x", { a: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/x");
    expect(init).toMatchObject({
      method: "POST",
      body: '{"a":1}',
      credentials: "include",
      headers: { "Content-Type": "application/json", "x-session-token": "abc.def" },
    });
  });

  it("sends FormData as is, without a JSON content type", async () => {
    fetchMock.mockResolvedValue(new Response("{}", { status: 200 }));
    const form = new FormData();
    await apiRequest("POST", "/api/upload", form);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({});
  });

  it("raises '<status>: <body>' for non-OK answers, or the status text when the body is empty", async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":"x","code":"not_found:persona"}', { status: 404 }));
    const err = await apiRequest("GET", "/api/p").catch((e: unknown) => e);
    expect((err as Error).message).toBe('404: {"error":"x","code":"not_found:persona"}');
    expect(errorCodeOf(err)).toBe("not_found:persona");
    fetchMock.mockResolvedValueOnce(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/p")).rejects.toThrow("500: Internal Server Error");
  });

  it("raises an ApiError that carries the status and the body's code", async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"error":"Too many","code":"rate_limited:otp-email"}', { status: 429 }));
    const err = await apiRequest("POST", "/api/auth/send-otp", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ name: "ApiError", status: 429, code: "rate_limited:otp-email" });
    expect((err as ApiError).message).toBe('429: {"error":"Too many","code":"rate_limited:otp-email"}');
  });

  it.each([
    ["an empty body", "", "Bad Gateway"],
    ["an HTML page", "<html>502</html>", "Bad Gateway"],
    ["JSON without a code", '{"error":"nope"}', "Bad Gateway"],
    ["a code that is not a string", '{"code":42}', "Bad Gateway"],
    ["a code of an unknown kind", '{"code":"exploded:server"}', "Bad Gateway"],
    ["a code without a subject", '{"code":"invalid:"}', "Bad Gateway"],
    ["JSON null", "null", "Bad Gateway"],
  ])("has no code for %s, and keeps the message", async (_, body, statusText) => {
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 502, statusText }));
    const err = await apiRequest("GET", "/api/p").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    expect((err as ApiError).code).toBeUndefined();
    expect(errorCodeOf(err)).toBeUndefined();
    expect((err as ApiError).message).toBe(`502: ${body || statusText}`);
  });

  it("reads codes only from ApiErrors, never from another error's message", () => {
    expect(errorCodeOf(new Error('404: {"error":"x","code":"not_found:persona"}'))).toBeUndefined();
    expect(errorCodeOf(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(errorCodeOf("not_found:persona")).toBeUndefined();
    expect(errorCodeOf(new ApiError(404, '{"code":"not_found:persona"}'))).toBe("not_found:persona");
  });
});

describe("defaultQueryFn", () => {
  it("joins the key parts with slashes", async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    const result = await defaultQueryFn({ queryKey: ["/api/users", "u1", "credits"], signal: new AbortController().signal } as never);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/users/u1/credits");
    expect(result).toEqual({ ok: true });
  });

  it("raises an ApiError with the code for non-OK answers", async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"x","code":"unauthorized:session"}', { status: 401 }));
    const err = await Promise.resolve(defaultQueryFn({ queryKey: ["/api/auth/me"], signal: new AbortController().signal } as never)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: "unauthorized:session", message: '401: {"error":"x","code":"unauthorized:session"}' });
  });
});

describe("actionRequest", () => {
  const keyOf = (call: number) => (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];

  it("sends each action with a fresh Idempotency-Key", async () => {
    fetchMock.mockImplementation(async () => new Response("{}", { status: 202 }));
    await actionRequest("POST", "/api/generate-kontext-image", { prompt: "a" });
    await actionRequest("POST", "/api/generate-kontext-image", { prompt: "a" });
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it("retries a lost connection, a duplicate still running and a busy server with the same key", async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response('{"error":"busy","code":"conflict:idempotency_key_in_flight"}', { status: 409 }))
      .mockResolvedValueOnce(new Response('{"image":{}}', { status: 202 }));
    const res = await actionRequest("POST", "/api/replace-subject", { baseImageId: "b", personaId: "p" }, { pauseMs: 0 });
    expect(res.status).toBe(202);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
  });

  it("gives up after two retries, and never retries a refusal", async () => {
    fetchMock.mockImplementation(async () => new Response('{"error":"down","code":"unavailable:database"}', { status: 503 }));
    await expect(actionRequest("POST", "/api/refund-requests", {}, { pauseMs: 0 })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('{"error":"other body","code":"unprocessable:idempotency_key_reused"}', { status: 422 }));
    const err = await actionRequest("POST", "/api/refund-requests", {}, { pauseMs: 0 }).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(idempotencyMessageKey(err)).toBe("common:errors.idempotency_key_reused");
    expect(idempotencyMessageKey(new ApiError(402, '{"code":"insufficient_credits:generation"}'))).toBeUndefined();
  });
});
