import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";

export interface PrivatePostgres {
  url: string;
  /** A real restart: a fast shutdown (every connection dropped), then a start on the same port and data. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): void;
}

/** This machine's PostgreSQL server programs (Debian keeps them under /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const major = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return major && existsSync(join(root, major, "bin", "pg_ctl")) ? join(root, major, "bin") : undefined;
}

/**
 * A PostgreSQL cluster of the test's own, in a temp folder on a free port, that the test may restart without
 * touching the machine's server (other tests use it at the same time). As root, it runs as the postgres user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL's server programs are not installed (/usr/lib/postgresql/<major>/bin)");
  const dir = mkdtempSync(join(tmpdir(), "tf-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) =>
    execFileSync(asRoot ? "runuser" : join(bin, program), asRoot ? ["-u", "postgres", "--", join(bin, program), ...args] : args, { stdio: "pipe" });
  const data = join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  const start = () => run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(options = {}) {
      stop();
      await new Promise((resolve) => setTimeout(resolve, options.downMs ?? 0));
      start();
    },
    stop() {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
