import { spawn } from "node:child_process";

/** What a finished child left: its exit code, its output (up to the bound) and the tail of its error output. */
export interface ChildResult {
  code: number | null;
  stdout: Buffer;
  /** The last few kilobytes only: FFmpeg's diagnostics, for the log, never for the user. */
  stderr: string;
  /** True when stdout outgrew its bound and the child was stopped. */
  overflowed: boolean;
}

export interface RunChildOptions {
  signal: AbortSignal;
  /** Bytes of stdout kept; more stops the child (a picture or a sound clip has a known ceiling). */
  maxStdout: number;
  /** Reads stdout as it arrives instead of keeping it (the frame finder's raw frames). */
  onStdout?: (chunk: Buffer) => void;
}

const STDERR_TAIL = 8 * 1024;

/**
 * Runs one program without a shell (arguments are never parsed by one) and waits for it. An abort or a thrown
 * `onStdout` kills it at once; the promise rejects with the abort's reason or that error.
 */
export function runChild(program: string, args: string[], options: RunChildOptions): Promise<ChildResult> {
  const { signal, maxStdout, onStdout } = options;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], shell: false });
    const chunks: Buffer[] = [];
    let kept = 0;
    let overflowed = false;
    let stderr = "";
    let failure: { error: unknown } | undefined;

    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    };
    const fail = (error: unknown) => {
      failure ??= { error };
      kill();
    };
    const onAbort = () => fail(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });

    child.stdout.on("data", (chunk: Buffer) => {
      if (failure || overflowed) return;
      if (onStdout) {
        try {
          onStdout(chunk);
        } catch (error) {
          fail(error);
        }
        return;
      }
      if (kept + chunk.length > maxStdout) {
        overflowed = true;
        kill();
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderr = (stderr + text).slice(-STDERR_TAIL);
    });
    child.on("error", (error) => fail(error));
    child.on("close", (code) => {
      signal.removeEventListener("abort", onAbort);
      if (failure) reject(failure.error);
      else resolve({ code, stdout: Buffer.concat(chunks), stderr, overflowed });
    });
  });
}
