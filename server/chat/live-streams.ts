/**
 * Answers being streamed, kept while they run so a reload or a dropped connection can follow them again: every chunk
 * so far, then the live ones, each exactly once per follower. The answer runs on whether anyone follows or not (a
 * closed tab does not stop it); `stop` ends it. In-process by default; with REDIS_URL (redis-live-streams.ts) a
 * reload that lands on another node follows it there, and a stop sent to any node ends it.
 */
export interface LiveStreams {
  /**
   * Starts reading `sse` for `key`; false when an answer for `key` is already live. `tag` says what the answer belongs
   * to (the chat: the message of the branch it answers), for whoever asks `liveTag`.
   */
  start(key: string, sse: ReadableStream<string>, stop: AbortController, tag: string): Promise<boolean>;
  /** The tag of the answer live for `key`; undefined when none is. */
  liveTag(key: string): Promise<string | undefined>;
  /** Everything so far, then live chunks until the end; undefined when nothing is live for `key`. */
  follow(key: string): Promise<ReadableStream<string> | undefined>;
  isLive(key: string): Promise<boolean>;
  /** Ends a live answer (what was said so far is kept); false when none was live. */
  stop(key: string): Promise<boolean>;
  close(): Promise<void>;
}

interface Entry {
  chunks: string[];
  done: boolean;
  wake: Set<() => void>;
  stop: AbortController;
  tag: string;
}

export function createLiveStreams(options: { lingerMs?: number } = {}): LiveStreams {
  const entries = new Map<string, Entry>();
  // A finished answer lingers briefly, so a reload racing the end still sees its last chunks.
  const lingerMs = options.lingerMs ?? 5_000;

  async function drain(key: string, entry: Entry, sse: ReadableStream<string>) {
    const reader = sse.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.chunks.push(value);
        for (const wake of entry.wake) wake();
      }
    } catch {
      // The answer's own error handling has already written its error chunk; nothing more to keep.
    } finally {
      entry.done = true;
      for (const wake of entry.wake) wake();
      setTimeout(() => {
        if (entries.get(key) === entry) entries.delete(key);
      }, lingerMs).unref();
    }
  }

  return {
    async start(key, sse, stop, tag) {
      const current = entries.get(key);
      if (current && !current.done) return false;
      const entry: Entry = { chunks: [], done: false, wake: new Set(), stop, tag };
      entries.set(key, entry);
      void drain(key, entry, sse);
      return true;
    },
    async follow(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      let next = 0;
      let wake: (() => void) | undefined;
      return new ReadableStream<string>({
        async pull(controller) {
          while (next >= entry.chunks.length && !entry.done) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              entry.wake.add(resolve);
            });
            if (wake) entry.wake.delete(wake);
          }
          if (next < entry.chunks.length) controller.enqueue(entry.chunks[next++] as string);
          else controller.close();
        },
        cancel() {
          if (wake) {
            entry.wake.delete(wake);
            wake();
          }
        },
      });
    },
    isLive: async (key) => {
      const entry = entries.get(key);
      return entry !== undefined && !entry.done;
    },
    liveTag: async (key) => {
      const entry = entries.get(key);
      return entry && !entry.done ? entry.tag : undefined;
    },
    async stop(key) {
      const entry = entries.get(key);
      if (!entry || entry.done) return false;
      entry.stop.abort();
      return true;
    },
    close: async () => {},
  };
}
