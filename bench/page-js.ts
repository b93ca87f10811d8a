import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { benchToken } from "./processes";

/**
 * The JavaScript a first visit to each page downloads (issue 28, item 3; decision 0292):
 * every script Chromium requests from the navigation until the network is idle, hydration
 * and whatever the page loads as it mounts included (a dialog loaded when it is opened is
 * not: nobody opened it). Each file is counted once, at its gzip -9 size, with a cold
 * cache per page, signed in as the account that uses the page (a bearer token on every
 * request of the browser context).
 */

export interface PageJs {
  page: string;
  who: string;
  status: number;
  files: { url: string; raw: number; gzip: number; lazy: boolean; catalog: boolean }[];
}

/** The message catalog script (decision 0307): served by a route, cached for good, and data rather than code. */
const isCatalog = (path: string) => path.startsWith("/i18n/");

/** Who opens which page: an employee for everyday pages, a company administrator for administration. */
export const PAGES: { path: string; who: string; pick?: RegExp }[] = [
  { path: "/login", who: "signed out" },
  { path: "/home", who: "employee@demo.test" },
  { path: "/home", who: "companyadmin@demo.test" },
  { path: "/overview", who: "employee@demo.test" },
  { path: "/projects", who: "employee@demo.test" },
  { path: "/projects/:id", who: "companyadmin@demo.test", pick: /href="\/projects\/([A-Za-z0-9_-]+)"/ },
  { path: "/projects/:id/settings", who: "companyadmin@demo.test", pick: /href="\/projects\/([A-Za-z0-9_-]+)"/ },
  { path: "/competences", who: "employee@demo.test" },
  { path: "/competences/:id", who: "companyadmin@demo.test", pick: /href="\/competences\/([A-Za-z0-9_-]+)"/ },
  { path: "/find-people", who: "employee@demo.test" },
  { path: "/statistics", who: "employee@demo.test" },
  { path: "/settings", who: "employee@demo.test" },
  { path: "/settings", who: "companyadmin@demo.test" },
  { path: "/users", who: "companyadmin@demo.test" },
  { path: "/users/all", who: "companyadmin@demo.test" },
  { path: "/groups", who: "companyadmin@demo.test" },
  { path: "/groups/:id", who: "companyadmin@demo.test", pick: /href="\/groups\/([A-Za-z0-9_-]+)"/ },
  { path: "/operator", who: "operator@demo.test" },
];

/** The list page a `:id` page's first id is read from. */
const listOf = (path: string) => path.replace(/\/:id(\/[a-z]+)?$/, "");

/**
 * `publicDir` is the snapshot's public/ (file sizes are read there); `restart` starts the
 * server again when it fell over mid-page (wrangler dev's workerd exits now and then under
 * a burst of requests, decision 0277) and answers its base: the page is measured again.
 */
export async function measurePagesJs(server: { base: string; publicDir: string; restart: () => Promise<string> }, pages = PAGES): Promise<PageJs[]> {
  let { base } = server;
  const tokens = new Map<string, string>();
  const tokenOf = async (who: string) => {
    if (!tokens.has(who)) tokens.set(who, await benchToken(base, who));
    return tokens.get(who)!;
  };
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = async (path: string) => {
    if (!sizes.has(path)) {
      // The catalog script is the Worker's answer, not a file of the build.
      const bytes = isCatalog(path) ? Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer()) : readFileSync(`${server.publicDir}${path}`);
      sizes.set(path, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(path)!;
  };
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const results: PageJs[] = [];
  try {
    for (let i = 0, attempts = 0; i < pages.length; i++) {
      const { path, who, pick } = pages[i];
      try {
        results.push(await measurePage(path, who, pick));
      } catch (error) {
        if (++attempts > 3) throw error;
        console.error(`${path} as ${who}: ${String(error).split("\n")[0]}; the server starts again`);
        tokens.clear();
        base = await server.restart();
        i--;
      }
    }
  } finally {
    await browser.close();
  }
  return results;

  async function measurePage(path: string, who: string, pick?: RegExp): Promise<PageJs> {
    const headers: Record<string, string> = who === "signed out" ? {} : { Authorization: `Bearer ${await tokenOf(who)}` };
    let target = path;
    if (pick) {
      const list = await (await fetch(`${base}${listOf(path)}`, { headers })).text();
      const id = pick.exec(list)?.[1];
      // A company without one (the overview bench's seeds no projects): nothing to open.
      if (!id) return { page: `${path} (none on ${listOf(path)})`, who, status: 0, files: [] };
      target = path.replace(":id", id);
    }
    const context = await browser.newContext({ extraHTTPHeaders: headers, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts: { url: string; lazy: boolean }[] = [];
    let loaded = false;
    page.on("request", (request) => {
      if (request.resourceType() === "script" || /\.js(\?|$)/.test(request.url())) scripts.push({ url: request.url(), lazy: loaded });
    });
    let status = 0;
    try {
      const response = await page.goto(`${base}${target}`, { waitUntil: "load" });
      status = response?.status() ?? 0;
      if (!response?.ok()) throw new Error(`HTTP ${status}`);
      // What comes after the load event: idle preloads (the dashboard's editor and calendar).
      loaded = true;
      await page.waitForLoadState("networkidle");
    } finally {
      await context.close();
    }
    const files: PageJs["files"] = [];
    const seen = new Set<string>();
    for (const { url, lazy } of scripts) {
      if (!url.startsWith(base)) continue;
      // One file once: a redirect (the assets server's `$` to `%24`) is a second request for it.
      const file = decodeURIComponent(new URL(url).pathname);
      if (seen.has(file)) continue;
      seen.add(file);
      files.push({ url: file, lazy, catalog: isCatalog(file), ...(await sizeOf(file)) });
    }
    return { page: target === path ? path : `${path} (${target})`, who, status, files: files.sort((a, b) => b.gzip - a.gzip) };
  }
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * One line per page: the first load (every script asked for before the load event: the
 * modulepreloads, the entry and whatever hydration imports), then what the page fetched
 * after it (idle preloads such as the dashboard's editor and calendar), raw and files.
 * VERBOSE=1 lists the files.
 */
export function printPagesJs(results: PageJs[], verbose = process.env.VERBOSE === "1") {
  console.log("\nJavaScript of a first visit per page (gzip -9 per file, cold cache; the aim: first load <= 120 KiB, /home <= 100)");
  console.log("  (the message catalog script, data cached for good after the first page, is its own column and not in the others)");
  console.log(
    `  ${"page".padEnd(34)} ${"as".padEnd(24)} ${"first load".padStart(10)} ${"after load".padStart(11)} ${"raw, all".padStart(11)} ${"catalog".padStart(9)}  files`,
  );
  for (const { page, who, status, files: all } of results) {
    const files = all.filter((f) => !f.catalog);
    const catalog = all.filter((f) => f.catalog).reduce((n, f) => n + f.gzip, 0);
    const sum = (list: typeof files, key: "gzip" | "raw" = "gzip") => list.reduce((n, f) => n + f[key], 0);
    const name = page.length > 34 ? `${page.slice(0, 33)}…` : page;
    const first = sum(files.filter((f) => !f.lazy));
    const after = sum(files.filter((f) => f.lazy));
    console.log(
      `  ${name.padEnd(34)} ${who.padEnd(24)} ${kib(first).padStart(10)} ${(after ? `+${kib(after)}` : "").padStart(11)} ${kib(sum(files, "raw")).padStart(11)} ${kib(catalog).padStart(9)}  ${files.length}${status === 200 || status === 0 ? "" : ` (HTTP ${status})`}`,
    );
    if (verbose) for (const f of files) console.log(`      ${f.url.padEnd(52)} ${kib(f.gzip).padStart(10)}${f.lazy ? " (after load)" : ""}`);
  }
}
