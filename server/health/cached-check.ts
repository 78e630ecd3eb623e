/**
 * Wraps a boolean check so it runs at most once per `ttlMs`; callers arriving while it runs share that run, so a
 * burst of probes during an outage waits on one connection attempt instead of opening one each.
 */
export function createCachedCheck(check: () => Promise<boolean>, options: { ttlMs: number; clock: () => number }): () => Promise<boolean> {
  let last: { value: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;
  return () => {
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
}
