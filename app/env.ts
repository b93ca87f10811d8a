import type { Db } from "./db/client";

/**
 * The Worker's bindings and vars: generated from wrangler.toml into
 * worker-configuration.d.ts by `npm run types` (`npm run check` fails when it is stale),
 * plus the secrets, which wrangler.toml does not list.
 * APP_ENV: "development" on `wrangler dev --env dev`, "test" in workerd tests, "production"
 * in every deployed installation.
 */
export interface Env extends Cloudflare.Env {
  /** Signs session cookies and bearer tokens. Required outside development and tests. */
  SESSION_SECRET?: string;
  /** Keys that seal firms' secrets at rest (lib/secret-box.server.ts). Required outside development and tests. */
  SECRET_BOX_KEYS?: string;
  /** Peppers of the password hashes, "id:secret,id:secret" (current first). Required outside development and tests. */
  PASSWORD_PEPPERS?: string;
  /**
   * Microsoft Entra ID (app/integrations/entra/config.ts): the app registration's client id
   * and secret, and where the provider and Microsoft Graph live (the real ones by default;
   * the loopback fakes of tests/fakes/entra-server.ts in tests and on `npm start`).
   * Without ENTRA_CLIENT_ID, 'Sign in with Microsoft' and the directory connection are off.
   */
  ENTRA_CLIENT_ID?: string;
  ENTRA_CLIENT_SECRET?: string;
  ENTRA_AUTHORITY?: string;
  GRAPH_URL?: string;
  /**
   * The DNS-over-HTTPS resolver (JSON API, application/dns-json) the firm-domain check asks
   * for TXT records (decision 0250); Cloudflare's https://cloudflare-dns.com/dns-query by
   * default, the loopback tests/fakes/doh-server.ts in tests and on `npm start`.
   */
  DOH_URL?: string;
  /**
   * APNs (app/integrations/apns/config.ts, decision 0197): the provider key (.p8, PKCS#8 PEM or
   * its base64 body; a secret), its key id, the team id, the iOS app's bundle id (apns-topic)
   * and where APNs lives (Apple's by default; the loopback fake tests/fakes/apns-fake.ts in
   * tests and on `npm start`). Without APNS_PRIVATE_KEY no push is sent.
   */
  APNS_PRIVATE_KEY?: string;
  APNS_KEY_ID?: string;
  APNS_TEAM_ID?: string;
  APNS_TOPIC?: string;
  APNS_ORIGIN?: string;
  /**
   * The installation's public address (a var in wrangler.toml, required by deploy:check):
   * read only through appOrigin() in app/lib/app-origin.server.ts.
   */
  APP_URL?: string;
  /**
   * Open realtime sockets in one firm past which its new sockets join a room per office
   * (workers/company-room.ts, decision 0309); 5000 when unset.
   */
  ROOM_SPLIT_SOCKETS?: string;
  /** Bytes a shard may fill before new firms go elsewhere (decision 0313); 8 GB of D1's 10 GB when unset. */
  SHARD_CAP_BYTES?: string;
}

export interface LoadContext {
  env: Env;
  ctx: ExecutionContext;
  /** The request's firm's shard (db/routing.server.ts); set once the request knows its firm. */
  db: Db;
  /** Which shard `db` is: 0 is the DB binding, n is DB_SHARD_n (decision 0312). */
  shard?: number;
  /**
   * Other shards a flow of this request went to: a link, code or token of a firm on another
   * shard than the request's credential (domain/installation/pre-sign-in.server.ts). Their
   * directory notes are sent on after the answer, as the request's own shard's are.
   */
  otherShards?: Set<number>;
  /** The browser tab that sent the request (its Availability-Tab header), named in the events its writes publish. */
  clientTab?: string | null;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends LoadContext {}
}

export function isLocalEnv(env: Pick<Env, "APP_ENV">): boolean {
  return env.APP_ENV === "development" || env.APP_ENV === "test";
}
