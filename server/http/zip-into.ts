import type { Writable } from "node:stream";
import { Zip } from "fflate";

/**
 * A zip whose bytes go to `out` as they are made, ending it with the last; `throwIfFailed()` throws the zip's own error.
 * Nothing is written once `out` is destroyed (the client went away).
 */
export function zipInto(out: Writable): { zip: Zip; throwIfFailed(): void } {
  let failure: Error | undefined;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    if (out.destroyed) return;
    out.write(chunk);
    if (final) out.end();
  });
  return {
    zip,
    throwIfFailed: () => {
      if (failure) throw failure;
    },
  };
}
