import { isLocalEnv, type Env } from "~/env";

/** Where `npm start` serves when nothing says otherwise (scripts/dev-server.sh sets APP_URL itself). */
const LOCAL_ORIGIN = "http://127.0.0.1:8787";

/**
 * The installation's public address, where every link we send or publish starts (mail,
 * redirect URIs, the SAML URLs): APP_URL without a trailing slash. Without APP_URL, the
 * request's own origin; with no request either (the cron), the local server in development
 * and tests only: a deployed installation never falls back to a loopback address, it throws
 * (`npm run deploy:check` refuses an installation without APP_URL).
 */
export function appOrigin(env: Pick<Env, "APP_URL" | "APP_ENV">, request?: Request): string {
  if (env.APP_URL) return env.APP_URL.replace(/\/$/, "");
  if (request) return new URL(request.url).origin;
  if (isLocalEnv(env)) return LOCAL_ORIGIN;
  throw new Error("APP_URL is not configured: set it under [vars] in wrangler.toml (see docs/deploy.md)");
}
