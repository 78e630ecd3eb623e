import { io as connect, type Socket } from "socket.io-client";
import sharp from "sharp";
import { EARLY_BIRD_PROMOTION } from "../../contract/credits.ts";
import { type ImageRecord, imageResponseSchema } from "../../contract/images.ts";
import { creditPromotions } from "../../db/schema/credit-promotions.ts";
import type { TestServer } from "./test-server.ts";

export const tokenHeaders = (token: string): Record<string, string> => ({ "x-session-token": token });

/** Uses up the early-bird promotion, so new accounts start with the plain signup grant. */
export async function endEarlyBird(server: TestServer): Promise<void> {
  await server.database.db
    .insert(creditPromotions)
    .values({ name: EARLY_BIRD_PROMOTION, remaining: 0 })
    .onConflictDoUpdate({ target: creditPromotions.name, set: { remaining: 0 } });
}

export function generate(server: TestServer, token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/generate-kontext-image`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token) },
    body: JSON.stringify(body),
  });
}

/** Polls the image record until it leaves pending/running. */
export async function settled(server: TestServer, token: string, id: string, timeoutMs = 30_000): Promise<ImageRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.url}/api/images/${id}`, { headers: tokenHeaders(token) });
    // A loaded machine can trip the database gate for a moment (503): that is asked again, any other refusal is the test's.
    if (!res.ok && res.status !== 503) throw new Error(`image ${id}: ${res.status} ${await res.text()}`);
    const image = res.ok ? imageResponseSchema.parse(await res.json()).image : undefined;
    if (image?.status === "ready" || image?.status === "failed") return image;
    if (Date.now() > until) throw new Error(`image ${id} still ${image?.status ?? "unavailable"} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function upload(server: TestServer, token: string, bytes: Buffer, filename = "photo.png", type = "image/png"): Promise<Response> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), filename);
  return fetch(`${server.url}/api/upload-temp-image`, { method: "POST", headers: tokenHeaders(token), body: form });
}

export async function balanceOf(server: TestServer, token: string, userId: string): Promise<{ credits: number; transactions: { delta: number; reason: string; ref: string }[] }> {
  const res = await fetch(`${server.url}/api/users/${userId}/credits`, { headers: tokenHeaders(token) });
  if (res.status !== 200) throw new Error(`credits answered ${res.status}`);
  return (await res.json()) as { credits: number; transactions: { delta: number; reason: string; ref: string }[] };
}

export function openSocket(server: TestServer, token: string): Promise<Socket> {
  const socket = connect(server.url, { transports: ["websocket"], reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** A photo-like test picture: a gradient with a circle, so encoders have real work. */
export function testPhoto(width: number, height: number, format: "png" | "jpeg" | "webp" = "png"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f97316"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="${Math.min(width, height) / 3}" fill="#fde047"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

