import { execFileSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * The bench scripts' child processes (servers, seeders): one set to stop on exit, a
 * watchdog that ends a run that hangs, `run` for a command that must succeed, the workerd
 * processes our servers started (for memory figures) and `main`, which runs the bench and
 * stops them all whichever way it ends. Shared by every bench script that starts servers.
 */
export function benchProcesses(timeoutS: number) {
  const children = new Set<ChildProcess>();
  const env = { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };

  function stopAll() {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    children.clear();
  }

  const watchdog = setTimeout(() => {
    console.error(`bench: stopped after ${timeoutS} s`);
    stopAll();
    process.exit(1);
  }, timeoutS * 1000);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopAll();
      process.exit(130);
    });
  }

  function run(command: string, args: string[], extraEnv: Record<string, string> = {}) {
    execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...env, ...extraEnv } });
  }

  /** The workerd processes wrangler started (same process group as one of ours, or as `of`). */
  function workerdPids(of?: ChildProcess): number[] {
    return readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((pid) => {
        try {
          const status = readFileSync(`/proc/${pid}/status`, "utf8");
          const pgid = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[2];
          return /^Name:\s+workerd/m.test(status) && (of ? [of] : [...children]).some((c) => String(c.pid) === pgid);
        } catch {
          return false;
        }
      })
      .map(Number);
  }

  /** Runs the bench; its servers are stopped and the process exits 0, or 1 after printing the error. */
  function main(bench: () => Promise<void>) {
    bench()
      .then(() => {
        stopAll();
        process.exit(0);
      })
      .catch((error) => {
        console.error(error);
        stopAll();
        process.exit(1);
      });
  }

  return { children, env, stopAll, run, workerdPids, main };
}

/** A `/proc/{pid}/status` figure in kB (VmRSS, VmHWM). */
export const statusKb = (pid: number, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** The same summed over processes. */
export const sumKb = (pids: number[], field: string) => pids.reduce((sum, pid) => sum + statusKb(pid, field), 0);

/** Nearest-rank percentile of an ascending list. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A bearer token for `email` on the bench's server (the seeded demo password by default). */
export async function benchToken(base: string, email = "companyadmin@demo.test", password = "demo-password-1"): Promise<string> {
  const response = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The TCP ports a process listens on (IPv4), from /proc: its sockets' inodes in the listening rows of /proc/net/tcp. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === "0A" && inodes.has(fields[9]))
    .map((fields) => parseInt(fields[1].split(":")[1], 16));
}

/** This process's open-file limit (soft), from /proc/self/limits. */
export function openFilesLimit(): number {
  return Number(/^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? 0);
}

/**
 * Raises this process's open-file limit (soft and hard) to `files` if it is lower, with util-linux's
 * `prlimit` (root, or CAP_SYS_RESOURCE, may raise the hard limit; Node already runs at its hard limit).
 * The servers the bench starts after this inherit it: wrangler, and the workerd processes it starts.
 * Answers the limit in force afterwards.
 */
export function raiseOpenFiles(files: number): number {
  if (openFilesLimit() >= files) return openFilesLimit();
  try {
    execFileSync("prlimit", ["--pid", String(process.pid), `--nofile=${files}:${files}`], { stdio: "ignore" });
  } catch {
    // not allowed (or no prlimit): the caller says what the limit allows
  }
  return openFilesLimit();
}
