import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * Local stand-ins of two image providers for a comparison (docs/product/compare.md), speaking their wire formats on
 * 127.0.0.1: Black Forest Labs (FLUX.1 Kontext) is slow, its task pending until `releaseSlow()`, then ready with a
 * picture; Google (Gemini) fails every request with a 503. Free of Vitest, so the browser spec and the screenshot
 * script use the same ones.
 */
export interface CompareStandIns {
  /** Server settings that configure both providers against the stand-ins. */
  env: Record<string, string>;
  /** Lets the slow provider's pending tasks finish. */
  releaseSlow(): void;
  /** Requests each stand-in has had, by provider. */
  requests: { bfl: string[]; google: string[] };
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A 1280×720 picture of one colour with a disc, as a provider would draw it (no words: the headline is laid over it). */
const picture = () =>
  sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#3b1f6b"/><circle cx="900" cy="380" r="240" fill="#f2a93b"/></svg>'))
    .png()
    .toBuffer();

export async function startCompareStandIns(): Promise<CompareStandIns> {
  let released = false;
  const requests = { bfl: [] as string[], google: [] as string[] };
  let bflUrl = "";
  const bfl = createServer(async (req, res) => {
    for await (const _chunk of req) {
      // The body is not needed: draining it lets the client finish sending.
    }
    const path = req.url ?? "/";
    requests.bfl.push(`${req.method} ${path}`);
    const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "POST") return json({ id: "task-1", polling_url: `${bflUrl}/v1/get_result?id=task-1` });
    if (path.startsWith("/v1/get_result")) return json(released ? { status: "Ready", result: { sample: `${bflUrl}/results/task-1.png` } } : { status: "Pending" });
    const png = await picture();
    res.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
  });
  const google = createServer(async (req, res) => {
    for await (const _chunk of req) {
      // Drained, then refused.
    }
    requests.google.push(`${req.method} ${req.url ?? "/"}`);
    res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 503, message: "overloaded", status: "UNAVAILABLE" } }));
  });
  bflUrl = await listen(bfl);
  const googleUrl = await listen(google);
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    env: { BFL_API_KEY: "bfl-test-key", BFL_BASE_URL: `${bflUrl}/v1`, GOOGLE_GENERATIVE_AI_API_KEY: "google-test-key", GOOGLE_BASE_URL: `${googleUrl}/v1beta` },
    releaseSlow: () => {
      released = true;
    },
    requests,
    close: async () => {
      await Promise.all([close(bfl), close(google)]);
    },
  };
}
