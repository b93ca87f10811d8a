#!/usr/bin/env node
// The npm registry these machines reach does not serve every platform build of packages
// with per-platform optional dependencies (rollup, tailwind's oxide). npm then leaves
// those entries out of package-lock.json, and `npm ci` refuses the lock as out of sync.
// This adds each missing entry as an optional package for its own platform (os, cpu,
// libc from its name), which npm ci accepts and skips on any other platform.
// Run after changing dependencies: `npm install && node scripts/fix-lockfile.mjs`.
// `--check` (npm run check, so CI) changes nothing and fails when the lock would change.
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const check = process.argv.includes("--check");
const original = readFileSync(path, "utf8");
const lock = JSON.parse(original);
const packages = lock.packages;
const OS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "openharmony", "sunos", "aix", "netbsd"];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes("arm") || parts.includes("gnueabihf") || parts.includes("musleabihf") ? "arm" : undefined);
  const libc =
    parts.includes("musl") || parts.includes("musleabihf") ? "musl" : parts.includes("gnu") || parts.includes("gnueabihf") ? "glibc" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!cpu && !os) continue;
    packages[`node_modules/${dep}`] = {
      version: String(version).replace(/^[\^~]/, ""),
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
const fixed = `${JSON.stringify(lock, null, 2)}\n`;
if (check) {
  if (fixed !== original) {
    console.error(
      `fix-lockfile --check: package-lock.json is missing ${added} platform entries or is not in order; run node scripts/fix-lockfile.mjs`,
    );
    process.exit(1);
  }
  console.log("fix-lockfile --check: package-lock.json is complete");
} else {
  writeFileSync(path, fixed);
  console.log(`fix-lockfile: added ${added} platform entries`);
}
