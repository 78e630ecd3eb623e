import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";

/** The OCR data packages the feed check reads with, by the language code tesseract names them. */
export const ocrLanguages = ["eng", "chi_sim", "jpn"] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];

export interface OcrWord {
  text: string;
  confidence: number;
  /** In the pixels of the image read. */
  box: { x: number; y: number; w: number; h: number };
}

export interface OcrReading {
  text: string;
  words: OcrWord[];
}

const require = createRequire(import.meta.url);

/**
 * The trained data of one language, from its npm package and never the network: the "best_int" build, the
 * accurate LSTM model quantised to integers (docs/decisions/035-the-feed-check.md).
 */
function langPathOf(language: OcrLanguage): string {
  return join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), "4.0.0_best_int");
}

/**
 * One warm tesseract worker per language, made on first use and kept: loading a language's data costs about a
 * second, reading a thumbnail's words about a tenth of one. tesseract.js runs each in a worker thread, so a read
 * never holds up the event loop; reads on one worker queue behind each other.
 */
export function createOcrEngine() {
  const workers = new Map<OcrLanguage, Promise<Worker>>();
  // Each worker's reads one after another: a read sets its page layout first, which must not land between another's.
  const queues = new Map<OcrLanguage, Promise<unknown>>();
  let closed = false;

  const closedError = () => new Error("the OCR engine is closed");

  function workerFor(language: OcrLanguage): Promise<Worker> {
    // A read queued before close() reaches here after it: starting a worker then would leave a thread nobody ends.
    if (closed) return Promise.reject(closedError());
    let worker = workers.get(language);
    if (!worker) {
      worker = (async () => {
        const made = await createWorker(language, OEM.LSTM_ONLY, { langPath: langPathOf(language), cacheMethod: "none", gzip: true });
        // A fixed resolution: a PNG carries none worth trusting, and tesseract warns on every read without one.
        await made.setParameters({ user_defined_dpi: "300" });
        return made;
      })();
      workers.set(language, worker);
      // A failed start is forgotten, so the next check tries again rather than failing forever.
      worker.catch(() => workers.delete(language));
    }
    return worker;
  }

  async function readNow(png: Buffer, language: OcrLanguage, layout: "block" | "sparse"): Promise<OcrReading> {
    if (closed) throw closedError();
    const worker = await workerFor(language);
    await worker.setParameters({ tessedit_pageseg_mode: layout === "block" ? PSM.SINGLE_BLOCK : PSM.SPARSE_TEXT });
    const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
    const words: OcrWord[] = [];
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          for (const word of line.words) {
            const { x0, y0, x1, y1 } = word.bbox;
            words.push({ text: word.text, confidence: word.confidence, box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } });
          }
        }
      }
    }
    return { text: data.text, words };
  }

  return {
    /**
     * Reads the words in a picture: `block` when it is the headline's own crop (one block of lines), `sparse` for a
     * whole slot (words wherever they stand among pictures).
     */
    read(png: Buffer, language: OcrLanguage, layout: "block" | "sparse"): Promise<OcrReading> {
      if (closed) return Promise.reject(closedError());
      const previous = queues.get(language) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => readNow(png, language, layout));
      queues.set(language, next);
      return next;
    },
    /** Ends every worker thread; a read after this fails, and so does one still queued. */
    async close(): Promise<void> {
      closed = true;
      const running = [...workers.values()];
      workers.clear();
      await Promise.all(running.map(async (w) => (await w.catch(() => undefined))?.terminate()));
    },
  };
}

export type OcrEngine = ReturnType<typeof createOcrEngine>;
