/**
 * npm run bench:js: the JavaScript a first visit to each page downloads (gzip -9 per file),
 * signed in as the account that uses the page, as a table (issue 28, item 3; decision 0292).
 *
 * Builds a snapshot once (.wrangler/bench-js-app; BENCH_BUILD=0 serves the one there),
 * seeds a small company of its own once (.wrangler/bench-state-js; BENCH_RESEED=1 starts
 * over), starts `wrangler dev` on BENCH_PORT (default 8797) and opens each page in
 * Chromium (bench/page-js.ts). VERBOSE=1 lists the files of each page; BENCH_PAGES=/home,/settings
 * measures only pages whose path (or account) holds one of those.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { measurePagesJs, PAGES, printPagesJs } from "./page-js";
import { benchProcesses } from "./processes";

const PORT = Number(process.env.BENCH_PORT ?? 8797);
const APP = process.env.BENCH_APP ?? ".wrangler/bench-js-app";
const STATE = ".wrangler/bench-state-js";

const { children, run, main, stopAll } = benchProcesses(Number(process.env.BENCH_TIMEOUT_S ?? 600));

async function bench() {
  if (process.env.BENCH_BUILD !== "0" || !existsSync(`${APP}/worker/app.js`)) buildSnapshot(APP);
  if (process.env.BENCH_RESEED === "1") rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  // Every run: a kept state gets the migrations (and databases, decision 0312) added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", STATE]);
  if (!existsSync(`${STATE}/.bench-seeded`)) {
    run("tsx", ["scripts/seed.ts"], { SEED_USERS: "60", SEED_PROJECTS: "20", PERSIST_TO: STATE });
    writeFileSync(`${STATE}/.bench-seeded`, new Date().toISOString());
  }
  const start = async () =>
    (await startSnapshotServer({ app: APP, state: STATE, port: PORT, onStart: (child) => children.add(child), logTo: process.env.BENCH_LOG })).base;
  const base = await start();
  const restart = async () => {
    stopAll();
    return start();
  };
  const only = process.env.BENCH_PAGES?.split(",");
  const pages = only ? PAGES.filter(({ path, who }) => only.some((o: string) => `${path} ${who}`.includes(o))) : PAGES;
  printPagesJs(await measurePagesJs({ base, publicDir: `${APP}/public`, restart }, pages));
}

main(bench);
