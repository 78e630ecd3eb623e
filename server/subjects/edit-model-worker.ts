/** The worker thread of edited-model.ts: reads an ISNet variant, edits its graph and writes the result. */
import { writeFile } from "node:fs/promises";
import { workerData } from "node:worker_threads";
import type { EditRequest } from "./edited-model.ts";
import { editIsnetGraph } from "./isnet-graph.ts";
import { readModel } from "./model-files.ts";

const { variant, edge, widen, path } = workerData as EditRequest;
const { model } = editIsnetGraph(await readModel(variant), { edge, widen });
await writeFile(path, model);
