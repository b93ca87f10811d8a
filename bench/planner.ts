/**
 * npx tsx bench/planner.ts: p95 frame time while dragging a planner bar, in Chromium.
 *
 * Seeds SEED_USERS (default 2000) people into its own persisted state
 * (.wrangler/bench-planner-state, kept between runs; BENCH_RESEED=1 starts over), starts
 * `wrangler dev` on BENCH_PORT (default 8797), signs in as admin@demo.test, opens the
 * Forecast planner at a 1920 px viewport (40 visible days, the most the spec's breakpoints
 * give; the brief's 60 days would need a wider-window option the UI does not have) and drags
 * the first editable bar back and forth across the row for BENCH_DRAG_S seconds (default
 * 5) while requestAnimationFrame deltas are recorded, once unthrottled and once at 4x CPU
 * throttling (Chrome DevTools Protocol), with scripting time per frame. Prints
 * p50/p95/max frame time in ms. Not part of `npm test`.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { chromium } from "playwright-core";

const USERS = Number(process.env.SEED_USERS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 8797);
const DRAG_S = Number(process.env.BENCH_DRAG_S ?? 5);
const STATE = ".wrangler/bench-planner-state";
const BASE = `http://127.0.0.1:${PORT}`;
const env = { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false" };

function seed() {
  if (process.env.BENCH_RESEED) rmSync(STATE, { recursive: true, force: true });
  if (existsSync(STATE)) return;
  execFileSync("tsx", ["scripts/migrate-local.ts", "--persist-to", STATE], { env, stdio: "inherit" });
  execFileSync("npx", ["tsx", "scripts/seed.ts"], { env: { ...env, PERSIST_TO: STATE, SEED_USERS: String(USERS) }, stdio: "inherit" });
}

async function waitFor(url: string, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  execFileSync("npm", ["run", "build"], { env, stdio: "inherit" });
  seed();
  const server = spawn(
    "wrangler",
    ["dev", "--env", "dev", "--port", String(PORT), "--ip", "127.0.0.1", "--persist-to", STATE, "--show-interactive-dev-session=false"],
    { env, stdio: "ignore", detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
  };
  process.on("exit", stop);
  try {
    await waitFor(`${BASE}/login`, 120);
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1100 } });
    // tsx names functions with a __name helper that page.evaluate cannot see in the browser.
    await page.addInitScript("window.__name = (fn) => fn");
    await page.goto(`${BASE}/login`);
    await page.getByLabel("E-mail").fill("admin@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("demo-password-1");
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((u) => u.pathname !== "/login");
    await page.goto(`${BASE}/home`);
    await page.getByRole("button", { name: "Forecasts", exact: true }).click();
    const planner = page.getByTestId("planner");
    await planner.getByTestId("planner-row").first().waitFor({ timeout: 60_000 });
    const rows = await planner.locator("text=/^\\d+ people$/").innerText();
    const bar = planner.locator('[data-testid="planner-item"][data-editable="true"], [data-testid="planner-today"][data-editable="true"]').first();
    const box = (await bar.boundingBox())!;
    const track = (await planner.getByTestId("planner-track").first().boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const scriptSeconds = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "ScriptDuration")?.value ?? 0;
    };
    /** Drags the bar back and forth for DRAG_S seconds at `rate` x CPU throttling; frame times and scripting per frame. */
    const drag = async (rate: number) => {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      await page.evaluate(() => {
        const w = window as unknown as { __frames: number[]; __raf?: number };
        w.__frames = [];
        let last = performance.now();
        const tick = (now: number) => {
          w.__frames.push(now - last);
          last = now;
          w.__raf = requestAnimationFrame(tick);
        };
        w.__raf = requestAnimationFrame(tick);
      });
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.down();
      const scriptBefore = await scriptSeconds();
      const until = Date.now() + DRAG_S * 1000;
      let x = box.x + box.width / 2;
      let dir = 1;
      while (Date.now() < until) {
        x += dir * 12;
        if (x > track.x + track.width - 20 || x < track.x + 20) dir = -dir;
        await page.mouse.move(x, y);
      }
      const scripting = (await scriptSeconds()) - scriptBefore;
      await page.keyboard.press("Escape");
      const frames = (
        await page.evaluate(() => {
          const w = window as unknown as { __frames: number[]; __raf?: number };
          if (w.__raf) cancelAnimationFrame(w.__raf);
          return w.__frames;
        })
      ).slice(5);
      // Release far from where it started would save a move: cancel by going back first.
      await page.mouse.move(box.x + box.width / 2, y);
      await page.mouse.up();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      console.log(
        `planner drag at ${rate}x CPU (${rows}, ${await planner.locator("[data-day]").count()} visible days): ${frames.length} frames, p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms; scripting ${((scripting * 1000) / Math.max(1, frames.length)).toFixed(2)} ms per frame`,
      );
    };
    await drag(1);
    await drag(4);
    await browser.close();
  } finally {
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
