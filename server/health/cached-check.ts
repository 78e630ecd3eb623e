export interface CachedCheck {
  /** The answer, from the last run when it is younger than the ttl, else from a new run (shared while it runs). */
  get(): Promise<boolean>;
  /** The last answer without waiting (undefined before the first run ends); starts a new run when it is stale. */
  peek(): boolean | undefined;
  /** Records a failure seen elsewhere (a request's query), as if a run had just answered false. */
  fail(): void;
}

/**
 * Wraps a boolean check so it runs at most once per `ttlMs`; callers arriving while it runs share that run, so a
 * burst of probes during an outage waits on one connection attempt instead of opening one each.
 */
export function createCachedCheck(check: () => Promise<boolean>, options: { ttlMs: number; clock: () => number }): CachedCheck {
  let last: { value: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;
  const get = () => {
    if (last && options.clock() - last.at < options.ttlMs) return Promise.resolve(last.value);
    running ??= check()
      .catch(() => false)
      .then((value) => {
        last = { value, at: options.clock() };
        return value;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    get,
    peek() {
      void get();
      return last?.value;
    },
    fail() {
      last = { value: false, at: options.clock() };
    },
  };
}
