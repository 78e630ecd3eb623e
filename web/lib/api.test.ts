import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest, defaultQueryFn, errorCodeOf } from "./api.ts";

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
});

describe("defaultQueryFn", () => {
  it("joins the key parts with slashes", async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    const result = await defaultQueryFn({ queryKey: ["/api/users", "u1", "credits"], signal: new AbortController().signal } as never);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/users/u1/credits");
    expect(result).toEqual({ ok: true });
  });
});
