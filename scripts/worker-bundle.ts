/**
 * The Worker as `wrangler deploy` would upload it for one environment: `wrangler deploy
 * --dry-run` into a temporary folder, its output (which lists the bindings) and the size of
 * the bundle, raw and gzip (Workers' limits are on the gzip size: 3 MiB free, 10 MiB paid).
 * Used by `npm run deploy:check` and `npm run bench`. Needs `npm run build` first.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface WorkerBundle {
  /** What wrangler printed (the bindings it would deploy with). */
  output: string;
  rawBytes: number;
  gzipBytes: number;
}

/** `env` "" is the top level of wrangler.toml. Throws with wrangler's stderr when the dry run fails. */
export function dryRunBundle(env: string, config = "wrangler.toml"): WorkerBundle {
  const outdir = mkdtempSync(join(tmpdir(), "worker-bundle-"));
  try {
    const output = execFileSync("wrangler", ["deploy", "--dry-run", `--config=${config}`, `--env=${env}`, "--outdir", outdir], {
      encoding: "utf8",
      env: { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const bundle = readFileSync(join(outdir, "app.js"));
    return { output, rawBytes: bundle.length, gzipBytes: gzipSync(bundle).length };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Every environment in wrangler.toml: "" (the top level) and each [env.name]. */
export function environmentsOf(config = "wrangler.toml"): string[] {
  return ["", ...[...readFileSync(config, "utf8").matchAll(/^\[env\.([A-Za-z0-9_-]+)\]\s*$/gm)].map((m) => m[1])];
}

export const kibText = (bundle: WorkerBundle) => `${(bundle.rawBytes / 1024).toFixed(0)} KiB, ${(bundle.gzipBytes / 1024).toFixed(0)} KiB gzip`;
