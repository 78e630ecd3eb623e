import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  logs: string[];
  /** SIGKILL: no shutdown code runs, exactly like a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** The real `node server/main.ts` in its own process, for what only a process boundary shows (crashes, restarts). */
export async function startChildServer(env: Record<string, string>, options: { maxOpenFiles?: number } = {}): Promise<ChildServer> {
  const logs: string[] = [];
  // A lower file-descriptor limit (the shell's `ulimit -n`) shows what running out of them does, at a small scale.
  const [command, args] = options.maxOpenFiles
    ? ["/bin/sh", ["-c", `ulimit -n ${options.maxOpenFiles} && exec "$0" server/main.ts`, process.execPath]]
    : [process.execPath, ["server/main.ts"]];
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "development", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("")}`)), 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const match = /"port":(\d+)/.exec(text);
      if (match?.[1] && text.includes("ready")) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr.on("data", (chunk: Buffer) => logs.push(chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("")}`));
    });
  });
  const ended = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, process: child, logs, kill: ended("SIGKILL"), stop: ended("SIGTERM") };
}

/** The newest sign-in code the dev mailbox (newest first) holds for `email`. */
export async function mailedCode(url: string, email: string): Promise<string> {
  const mails = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as { to: string; text: string }[];
  const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signs in through the real endpoints, reading the code from the dev mailbox. */
export async function signInThroughMailbox(url: string, email: string): Promise<{ userId: string; token: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  await post("/api/auth/send-otp", { email });
  const res = await post("/api/auth/verify-otp", { email, code: await mailedCode(url, email) });
  const body = (await res.json()) as { user: { id: string }; sessionToken: string };
  return { userId: body.user.id, token: body.sessionToken };
}
