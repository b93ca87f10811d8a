import { execFileSync, type ChildProcess } from "node:child_process";

/**
 * The bench scripts' child processes (servers, seeders): one set to stop on exit, a
 * watchdog that ends a run that hangs, and `run` for a command that must succeed. Shared by
 * bench/run.ts and bench/projects.ts.
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

  return { children, env, stopAll, run };
}
