import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { DEV_ENTRA_CLIENT_ID, DEV_ENTRA_CLIENT_SECRET } from "./scripts/seed-constants";
import { startFakeDoh } from "./tests/fakes/doh-server";
import { startFakeEntra } from "./tests/fakes/entra-server";

// The loopback Microsoft Entra ID and Graph (tests/fakes/entra-server.ts): started here, before
// the Worker's bindings are made, because its address is one of them. It never holds the process open.
const entra = await startFakeEntra({ clientId: DEV_ENTRA_CLIENT_ID, clientSecret: DEV_ENTRA_CLIENT_SECRET });
entra.server.unref();

// The loopback DNS-over-HTTPS resolver (tests/fakes/doh-server.ts), started here for the same
// reason. (Choosing a free port here and listening on it later, in the global setup, raced the
// other fakes and workerd for it: a CI run died on EADDRINUSE.)
const doh = await startFakeDoh();
doh.server.unref();

/**
 * Domain and API tests run inside workerd against real D1 with the real migrations.
 * `main` is the real Worker (Remix build + party routing), so SELF.fetch exercises
 * exactly what `wrangler dev` serves. Run `npm run build` first (npm run test:workers does).
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml", environment: "dev" },
      miniflare: {
        // The Remix server build (several MB, one module) is loaded by workerd as it is instead of
        // through the module runner: transformed, with its source map, it outgrew the runner's
        // WebSocket message limit ('Message is too large') once the SAML library joined it.
        modulesRules: [{ type: "ESModule", include: ["**/build/index.js"] }],
        bindings: {
          APP_ENV: "test",
          // The CV import tests wait this long for the fake that never answers (tests/fakes/cv-service.ts).
          CV_SERVICE_TIMEOUT_MS: "1000",
          // tests/workerd/realtime.test.ts: a firm splits into office rooms past 60 open sockets (5,000 in production).
          ROOM_SPLIT_SOCKETS: "60",
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
          TEST_DIRECTORY_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations-directory", import.meta.url))),
          // tests/workerd/fuzz.test.ts: FUZZ_SEED replays a run, FUZZ_RUNS sets its number of cases.
          FUZZ_SEED: process.env.FUZZ_SEED ?? "",
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
          FUZZ_BUDGET_S: process.env.FUZZ_BUDGET_S ?? "",
          ENTRA_CLIENT_ID: DEV_ENTRA_CLIENT_ID,
          ENTRA_CLIENT_SECRET: DEV_ENTRA_CLIENT_SECRET,
          ENTRA_AUTHORITY: entra.url,
          GRAPH_URL: entra.graphUrl,
          DOH_URL: doh.url,
        },
      },
    })),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/workerd/**/*.test.ts"],
    setupFiles: ["./tests/workerd/setup.ts"],
    // A real SMTP server on loopback for the mail tests (tests/fakes/smtp-server.ts).
    globalSetup: ["./tests/workerd/global-setup.ts"],
    testTimeout: 30_000,
    provide: { entraUrl: entra.url, dohUrl: doh.url },
    deps: {
      // Remix's CommonJS packages have require cycles the module runner cannot follow;
      // pre-bundling them with esbuild turns them into plain ESM (sanitize-html too: CommonJS
      // that requires ESM-flavoured dependencies).
      optimizer: {
        ssr: {
          enabled: true,
          include: [
            "@remix-run/cloudflare",
            "@remix-run/server-runtime",
            "@remix-run/react",
            "react",
            "react-dom",
            "react-dom/server",
            "sanitize-html",
          ],
        },
      },
    },
  },
});
