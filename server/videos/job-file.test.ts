import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { jobDirName, removeStaleJobDirs } from "./job-file.ts";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A pid that was just in use and is now gone: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("removeStaleJobDirs", () => {
  it("removes this machine's folders of dead pids and of this pid, never another machine's or a live process's", () => {
    dir = mkdtempSync(join(tmpdir(), "tf-job-dirs-"));
    const host = hostname();
    const dead = deadPid();
    const names = {
      mine: jobDirName("job-a"),
      earlierLife: jobDirName("job-b", { host, boot: "0123456789ab", pid: process.pid }),
      deadHere: jobDirName("job-c", { host, boot: "0123456789ab", pid: dead }),
      liveHere: jobDirName("job-d", { host, boot: "0123456789ab", pid: process.ppid }),
      otherMachineSamePid: jobDirName("job-e", { host: `${host}-other`, boot: "0123456789ab", pid: process.pid }),
      otherMachineDead: jobDirName("job-f", { host: `${host}-other`, boot: "0123456789ab", pid: dead }),
      notOurs: "1-something",
    };
    for (const name of Object.values(names)) mkdirSync(join(dir, name));
    return removeStaleJobDirs(dir).then((removed) => {
      expect(removed).toBe(3);
      expect(readdirSync(dir ?? "").sort()).toEqual([names.liveHere, names.otherMachineSamePid, names.otherMachineDead, names.notOurs].sort());
    });
  });
});
