import { mkdirSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8788);
const baseURL = `http://127.0.0.1:${port}`;
// E2E_WORKERS workers, each with its own server on E2E_PORT + its index (scripts/e2e-server.sh,
// tests/e2e/fixtures.ts). Two by default (decision 0289): one worker left a core idle, and CI
// must stay under 20 minutes on two cores. E2E_WORKERS=1 runs them one at a time.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

mkdirSync("test-results/screenshots", { recursive: true });

export default defineConfig({
  testDir: "tests/e2e",
  workers,
  fullyParallel: false,
  // One retry, for the local server only: under load wrangler dev has now and then died mid-test
  // with no error of its own (scripts/e2e-server.sh starts it again on the same state). A test
  // that passes only on its retry is reported as flaky in the summary, so it stays visible.
  retries: 1,
  reporter: "list",
  forbidOnly: Boolean(process.env.CI),
  // Two workers share two cores with their servers and browsers: a long flow (two axe runs and a
  // reload) took 29 s of the old 30 with one worker on a loaded machine.
  timeout: 45_000,
  expect: { timeout: 5_000 },
  // Screenshots live in test-results/screenshots/, so only failure artefacts are cleaned per test.
  outputDir: "test-results/artifacts",
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    // The app formats dates and numbers in the browser's language (decision 0171); the specs
    // read British English unless one sets its own (tests/e2e/time-zones.spec.ts).
    locale: "en-GB",
    // A trace only on the retry of a failed test: recording one for every test (to keep the
    // failures') cost about a fifth of the runner's CPU on a 2-core machine (decision 0289).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_SERVERS: String(workers) },
  },
});
