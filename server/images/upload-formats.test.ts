import { existsSync, readdirSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONA_UPLOAD_PATH } from "../../contract/personas.ts";
import { images } from "../../db/schema/images.ts";
import { configureSharp } from "../compose/sharp-settings.ts";
import { testPhoto, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let token: string;
const samples: { name: string; bytes: Buffer; type: string }[] = [];

beforeAll(async () => {
  const photo = await testPhoto(64, 48, "png");
  samples.push(
    { name: "drawing.svg", type: "image/svg+xml", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="red"/></svg>') },
    // The smallest PDF readers open: a catalog, an empty page tree, a cross-reference table and a trailer.
    { name: "document.pdf", type: "application/pdf", bytes: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\nxref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000052 00000 n \ntrailer<</Size 3/Root 1 0 R>>\nstartxref\n97\n%%EOF\n") },
    { name: "renamed.png", type: "image/png", bytes: await sharp(photo).tiff().toBuffer() },
  );
  // As the process does at start: decoders the app never needs are blocked.
  configureSharp();
  server = await startTestServer();
  token = (await signInByCode(server, "formats@example.com")).sessionToken;
});
afterAll(async () => server?.close());

function post(path: string, sample: { name: string; bytes: Buffer; type: string }): Promise<Response> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(sample.bytes)], { type: sample.type }), sample.name);
  return fetch(`${server.url}${path}`, { method: "POST", headers: tokenHeaders(token), body: form });
}

const storedFiles = () => (existsSync(server.config.filesDir) ? readdirSync(server.config.filesDir, { recursive: true }).filter((f) => String(f).includes(".")) : []);

describe("upload formats", () => {
  it("refuses an SVG, a PDF and a TIFF named .png with 415 on both upload doors, and stores nothing", async () => {
    for (const path of ["/api/upload-temp-image", PERSONA_UPLOAD_PATH]) {
      for (const sample of samples) {
        const res = await post(path, sample);
        expect({ path, name: sample.name, status: res.status, body: await res.json() }).toEqual({
          path,
          name: sample.name,
          status: 415,
          body: { error: "Upload a PNG, JPEG or WebP image.", code: "unsupported_media_type:image" },
        });
      }
    }
    expect(await server.database.db.select().from(images)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("still takes a PNG, a JPEG and a WebP with the other decoders blocked", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const res = await post("/api/upload-temp-image", { name: `photo.${format}`, type: `image/${format}`, bytes: await testPhoto(64, 48, format) });
      expect({ format, status: res.status }).toEqual({ format, status: 201 });
    }
  });
});
