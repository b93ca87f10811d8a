/**
 * npm run bench:lighthouse: Lighthouse (mobile, its default simulated throttling) on the
 * pages of issue 28, item 6, printing performance and accessibility per page (decision 0293).
 * Not part of `npm test`: the performance score moves with the machine's load.
 *
 * Builds a snapshot once (.wrangler/bench-js-app, shared with bench:js; BENCH_BUILD=0 serves
 * the one there), seeds its small company once (.wrangler/bench-state-js), starts
 * `wrangler dev` on BENCH_PORT (default 8798), signs in through POST /login as each page's
 * account and hands Lighthouse the session cookie. Chromium is Debian's (/usr/bin/chromium,
 * or CHROME_PATH), headless, one page at a time. BENCH_PAGES=/projects,/login picks pages;
 * LIGHTHOUSE_DETAILS=1 lists the audits that cost points.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildSnapshot, startSnapshotServer } from "../scripts/snapshot-server";
import { benchProcesses } from "./processes";

const PORT = Number(process.env.BENCH_PORT ?? 8798);
const APP = process.env.BENCH_APP ?? ".wrangler/bench-js-app";
const STATE = ".wrangler/bench-state-js";
const PASSWORD = "demo-password-1";

/** The five pages of item 6, then /login, /home and /overview; who opens them. */
const PAGES: { path: string; who: string | null }[] = [
  { path: "/projects", who: "employee@demo.test" },
  { path: "/statistics", who: "employee@demo.test" },
  { path: "/find-people", who: "employee@demo.test" },
  { path: "/settings", who: "employee@demo.test" },
  { path: "/competences", who: "employee@demo.test" },
  { path: "/login", who: null },
  { path: "/home", who: "employee@demo.test" },
  { path: "/overview", who: "employee@demo.test" },
];

const { children, run, main, stopAll } = benchProcesses(Number(process.env.BENCH_TIMEOUT_S ?? 900));

/** The session cookie of a sign-in through the login form, as a browser gets it. */
async function sessionCookie(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "" }),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || !cookies.length) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return cookies.join("; ");
}

interface Score {
  page: string;
  who: string;
  performance: number;
  accessibility: number;
  metrics: string;
  lost: string[];
}

async function audit(base: string, path: string, cookie: string | null, port: number): Promise<Omit<Score, "page" | "who">> {
  const result = await lighthouse(
    `${base}${path}`,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    },
    // Lighthouse's default config: mobile form factor and screen, simulated slow 4G and a 4x slower CPU.
    undefined,
  );
  if (!result) throw new Error(`${path}: no result`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => audits[id]?.displayValue ?? "?";
  const lost = Object.values(categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ({ ref, category: category.id })))
    .map(({ ref, category }) => ({ audit: audits[ref.id], category }))
    .filter(({ audit: a }) => a && a.score !== null && a.score < 1)
    .map(({ audit: a, category }) => `${category}: ${a.id} ${a.score} ${a.displayValue ?? ""}`.trim());
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    metrics: `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
    lost,
  };
}

async function bench() {
  if (process.env.BENCH_BUILD !== "0" || !existsSync(`${APP}/worker/app.js`)) buildSnapshot(APP);
  mkdirSync(STATE, { recursive: true });
  // Every run: a kept state gets the migrations (and databases, decision 0312) added since it was seeded.
  run("tsx", ["scripts/migrate-local.ts", "--persist-to", STATE]);
  if (!existsSync(`${STATE}/.bench-seeded`)) {
    run("tsx", ["scripts/seed.ts"], { SEED_USERS: "60", SEED_PROJECTS: "20", PERSIST_TO: STATE });
    writeFileSync(`${STATE}/.bench-seeded`, new Date().toISOString());
  }
  const start = async () => (await startSnapshotServer({ app: APP, state: STATE, port: PORT, onStart: (child) => children.add(child) })).base;
  let base = await start();
  const only = process.env.BENCH_PAGES?.split(",");
  const pages = only ? PAGES.filter(({ path }) => only.includes(path)) : PAGES;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const scores: Score[] = [];
  try {
    for (let i = 0, attempts = 0; i < pages.length; i++) {
      const { path, who } = pages[i];
      try {
        const cookie = who ? await sessionCookie(base, who) : null;
        scores.push({ page: path, who: who ?? "signed out", ...(await audit(base, path, cookie, chrome.port)) });
      } catch (error) {
        // wrangler dev's workerd exits now and then under a burst of requests (decision 0277): start it again, audit the page again.
        if (++attempts > 3) throw error;
        console.error(`${path}: ${String(error).split("\n")[0]}; the server starts again`);
        stopAll();
        base = await start();
        i--;
      }
    }
  } finally {
    chrome.kill();
  }
  console.log("\nLighthouse, mobile (default simulated throttling); the aim: performance >= 95, accessibility 100");
  console.log(`  ${"page".padEnd(14)} ${"as".padEnd(22)} ${"perf".padStart(5)} ${"a11y".padStart(5)}  metrics`);
  for (const s of scores) {
    console.log(
      `  ${s.page.padEnd(14)} ${s.who.padEnd(22)} ${String(s.performance).padStart(5)} ${String(s.accessibility).padStart(5)}  ${s.metrics}`,
    );
    if (process.env.LIGHTHOUSE_DETAILS === "1") for (const line of s.lost) console.log(`      ${line}`);
  }
}

main(bench);
