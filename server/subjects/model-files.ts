import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The ISNet weights ship in @imgly/background-removal-data as 4 MB chunks named by hash, listed in its
 * dist/resources.json. "small" is the quint8 model (44 MB), "medium" the fp16 one (88 MB); the package has no fp32,
 * so "fp32" is the fp16 file, widened when it is loaded (model-session.ts).
 */
export type ModelVariant = "quint8" | "fp16" | "fp32";

const RESOURCE: Record<ModelVariant, string> = { quint8: "/models/small", fp16: "/models/medium", fp32: "/models/medium" };

interface Resource {
  size: number;
  chunks: { hash: string; offsets: [number, number] }[];
}

/** Resolved from this file rather than the working directory, so a server started from anywhere finds it. */
function dataDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@imgly/background-removal-data/package.json")), "dist");
}

async function resourceOf(variant: ModelVariant): Promise<{ dir: string; resource: Resource }> {
  const dir = dataDir();
  const resources = JSON.parse(await readFile(join(dir, "resources.json"), "utf8")) as Record<string, Resource | undefined>;
  const resource = resources[RESOURCE[variant]];
  if (!resource) throw new Error(`model ${variant} is missing from @imgly/background-removal-data`);
  return { dir, resource };
}

/** Names a variant's file by its chunks' hashes, without reading it. */
export async function modelFingerprint(variant: ModelVariant): Promise<string> {
  const { resource } = await resourceOf(variant);
  return [resource.size, ...resource.chunks.map((chunk) => chunk.hash)].join(",");
}

/** The whole .onnx file of a variant, its chunks joined in order and checked against the listed size. */
export async function readModel(variant: ModelVariant): Promise<Uint8Array> {
  const { dir, resource } = await resourceOf(variant);
  const model = new Uint8Array(resource.size);
  for (const chunk of resource.chunks) {
    const bytes = await readFile(join(dir, chunk.hash));
    const [start, end] = chunk.offsets;
    if (bytes.length !== end - start) throw new Error(`model ${variant}: chunk ${chunk.hash} has ${bytes.length} bytes, expected ${end - start}`);
    model.set(bytes, start);
  }
  return model;
}
