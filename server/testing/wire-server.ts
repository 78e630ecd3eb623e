import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { expect } from "vitest";
import { AppError } from "../errors/app-error.ts";

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/flux-kontext-pro`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type WireHandler = (request: RecordedRequest, response: ServerResponse, url: string) => unknown;

export interface WireServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A provider stand-in on 127.0.0.1 (tests speak each provider's wire format locally, never the network).
 * Every request is recorded with its body before the handler answers, or, to play a hung provider, doesn't.
 */
export async function startWireServer(handler: WireHandler): Promise<WireServer> {
  const requests: RecordedRequest[] = [];
  let url = "";
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body: Buffer.concat(chunks) };
    requests.push(recorded);
    await handler(recorded, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export function sendBytes(res: ServerResponse, bytes: Buffer, type = "image/png"): void {
  res.writeHead(200, { "content-type": type, "content-length": bytes.length }).end(bytes);
}

/** A real PNG of the given size with some colour, as a provider would return. */
export function testPng(width: number, height: number, alpha = false): Promise<Buffer> {
  const background = alpha ? { r: 200, g: 40, b: 90, alpha: 0.6 } : { r: 30, g: 120, b: 200 };
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background } }).png().toBuffer();
}

export async function expectAppError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  return err as AppError;
}

/** A provider that takes the request and never answers. */
export const neverAnswers: WireHandler = () => undefined;

/**
 * IMAGE_PROVIDER_TIMEOUT_MS for a stand-in: short where it never answers, so the time-out test is quick; elsewhere
 * room for a busy machine (test files run side by side), where encoding an answer alone can take longer than that.
 */
export function providerTimeoutMs(handler: WireHandler): string {
  return handler === neverAnswers ? "400" : "10000";
}
