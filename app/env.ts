import type { Db } from "./db/client";

export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  Company: DurableObjectNamespace;
  ASSETS?: Fetcher;
  /** "development" on `wrangler dev`, "test" in workerd tests, "production" when deployed. */
  APP_ENV: string;
  APP_NAME?: string;
  /** Signs session cookies and bearer tokens. Required outside development and tests. */
  SESSION_SECRET?: string;
  /** Comma-separated e-mail addresses of the installation's operators. */
  OPERATOR_EMAILS?: string;
}

export interface LoadContext {
  env: Env;
  ctx: ExecutionContext;
  db: Db;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends LoadContext {}
}

export function isLocalEnv(env: Pick<Env, "APP_ENV">): boolean {
  return env.APP_ENV === "development" || env.APP_ENV === "test";
}
