import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import type { ImageAspect, ImageKind } from "../../contract/images.ts";
import { imageAspects } from "../../contract/images.ts";
import { openDb } from "../../db/open-db.ts";
import { images, type NewImageRow } from "../../db/schema/images.ts";
import { personas } from "../../db/schema/personas.ts";
import { users } from "../../db/schema/users.ts";
import { imageKey, newImageVersion, personaKey } from "../storage/keys.ts";

/** One seeded image: what the gallery filters on. */
export interface SeedImage {
  kind: Extract<ImageKind, "generated" | "subject-replaced">;
  aspect: ImageAspect;
  model: string;
  prompt: string;
  createdAt: Date;
  status?: "ready" | "failed";
  withPersona?: boolean;
}

/** A photo-like original: noise over the flat picture, so it weighs what a real 1280×720 PNG does (megabytes). */
async function noisyPicture(width: number, height: number, hue: number): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian" as const, mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(await picture(width, height, hue, "png"))
    .composite([{ input: noise, blend: "overlay" }])
    .png()
    .toBuffer();
}

async function picture(width: number, height: number, hue: number, format: "png" | "webp"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},70%,45%)"/><circle cx="50%" cy="45%" r="${Math.min(width, height) / 4}" fill="hsl(${(hue + 160) % 360},80%,60%)"/><rect x="10%" y="75%" width="80%" height="10%" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

async function put(filesDir: string, key: string, bytes: Buffer): Promise<void> {
  const path = join(filesDir, ...key.split("/"));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

/**
 * Writes accounts and their images straight into a data directory before a server starts on it (PGlite admits one
 * process), for the browser tests and the bench: each ready image with its own original, preview and thumb, unless `sharedFiles` lets thousands of rows
 * point at a handful of files. Sign in with the e-mail afterwards; the account exists already.
 */
export async function seedGallery(
  dataDir: string,
  accounts: { email: string; images: SeedImage[]; persona?: { name: string; handle: string }; sharedFiles?: boolean; noisy?: boolean }[],
): Promise<void> {
  const filesDir = join(dataDir, "files");
  const database = await openDb({ pgliteDir: join(dataDir, "db") });
  try {
    await database.migrate();
    for (const account of accounts) {
      const [user] = await database.db.insert(users).values({ email: account.email, credits: 50 }).returning();
      if (!user) throw new Error("seed user insert returned nothing");
      let personaId: string | undefined;
      if (account.persona) {
        personaId = crypto.randomUUID();
        const cutoutKey = personaKey(user.id, personaId, "cutout");
        const thumbKey = personaKey(user.id, personaId, "thumb");
        await put(filesDir, cutoutKey, await picture(256, 256, 30, "png"));
        await put(filesDir, thumbKey, await picture(96, 96, 30, "webp"));
        await database.db.insert(personas).values({ id: personaId, userId: user.id, role: "artist", cutoutKey, thumbKey, imageKey: cutoutKey, ...account.persona });
      }
      const shared = new Map<string, { originalKey: string; previewKey: string; thumbKey: string }>();
      const rows: NewImageRow[] = [];
      for (const [i, seed] of account.images.entries()) {
        const id = crypto.randomUUID();
        const { width, height } = imageAspects[seed.aspect];
        const base = { id, userId: user.id, kind: seed.kind, prompt: seed.prompt, style: "realistic" as const, aspect: seed.aspect, model: seed.model, createdAt: seed.createdAt, creditsSpent: 1, personaIds: seed.withPersona && personaId ? [personaId] : [] };
        if (seed.status === "failed") {
          rows.push({ ...base, status: "failed", error: "The image provider is not answering.", errorCode: "unavailable:provider", creditsSpent: 4 });
          continue;
        }
        const sharedKey = `${seed.aspect}-${i % 4}`;
        let keys = account.sharedFiles ? shared.get(sharedKey) : undefined;
        if (!keys) {
          const version = newImageVersion();
          keys = { originalKey: imageKey(user.id, id, "original", version), previewKey: imageKey(user.id, id, "preview", version), thumbKey: imageKey(user.id, id, "thumb", version) };
          const hue = (i * 47) % 360;
          await put(filesDir, keys.originalKey, account.noisy ? await noisyPicture(width, height, hue) : await picture(width, height, hue, "png"));
          await put(filesDir, keys.previewKey, await picture(Math.round(width / 2), Math.round(height / 2), hue, "webp"));
          await put(filesDir, keys.thumbKey, await picture(Math.round(width / 4), Math.round(height / 4), hue, "webp"));
          if (account.sharedFiles) shared.set(sharedKey, keys);
        }
        rows.push({ ...base, status: "ready", width, height, ...keys });
      }
      for (let i = 0; i < rows.length; i += 1000) await database.db.insert(images).values(rows.slice(i, i + 1000));
    }
  } finally {
    await database.close();
  }
}
