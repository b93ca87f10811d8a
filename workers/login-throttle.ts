import { DurableObject } from "cloudflare:workers";
import {
  ACCOUNT_DELAY_MS,
  ACCOUNT_SOFT_LIMIT,
  ACCOUNT_WINDOW_MS,
  ADDRESS_CEILING,
  ADDRESS_WINDOW_MS,
  failureDelayMs,
  FLOW_START_WINDOW_MS,
  FLOW_STARTS_PER_WINDOW,
  FORGET_AFTER_MS,
  type FlowStartVerdict,
  type ThrottleVerdict,
} from "~/domain/identity/login-throttle";

/**
 * Sign-in throttling for one client address (one instance per address, an IPv6 client per
 * /64). It holds, for that address, the failures per account and the failures of the
 * address as a whole, and the SSO sign-ins it started. An instance named "account:{e-mail}"
 * holds that account's failures from every address (the soft limit, decision 0270).
 *
 * Atomic by construction: `reserve` counts the attempt as a failure before the password
 * is checked, inside one synchronous method of the single-threaded object, so parallel
 * guesses queue here and each one sees the ones before it; `succeeded` takes the
 * reservation back when the password was right.
 */
export class LoginThrottle extends DurableObject {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.sql = ctx.storage.sql;
    this.sql
      .exec(`CREATE TABLE IF NOT EXISTS account_failures (account TEXT PRIMARY KEY, failures INTEGER NOT NULL, locked_until INTEGER NOT NULL, last_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS address_failures (id INTEGER PRIMARY KEY, account TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS address_failures_at ON address_failures (at);
      CREATE TABLE IF NOT EXISTS flow_starts (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS account_window (id INTEGER PRIMARY KEY, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS owner_warned (one INTEGER PRIMARY KEY CHECK (one = 1), at INTEGER NOT NULL);`);
  }

  /** Counts one attempt at `account` from this address, or refuses it with the wait left. */
  reserve(account: string, now: number): ThrottleVerdict {
    this.sql.exec("DELETE FROM address_failures WHERE at <= ?", now - ADDRESS_WINDOW_MS);
    const [row] = this.sql
      .exec<{ failures: number; locked_until: number; last_at: number }>(
        "SELECT failures, locked_until, last_at FROM account_failures WHERE account = ?",
        account,
      )
      .toArray();
    const fresh = !row || now - row.last_at > FORGET_AFTER_MS;
    const failures = fresh ? 0 : row.failures;
    const lockedUntil = fresh ? 0 : row.locked_until;
    if (now < lockedUntil) return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000), reason: "account" };

    const [{ n }] = this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM address_failures").toArray();
    if (n >= ADDRESS_CEILING) {
      const [{ oldest }] = this.sql.exec<{ oldest: number }>("SELECT min(at) AS oldest FROM address_failures").toArray();
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + ADDRESS_WINDOW_MS - now) / 1000)), reason: "address" };
    }

    const counted = failures + 1;
    this.sql.exec(
      "INSERT INTO account_failures (account, failures, locked_until, last_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (account) DO UPDATE SET failures = ?2, locked_until = ?3, last_at = ?4",
      account,
      counted,
      now + failureDelayMs(counted),
      now,
    );
    this.sql.exec("INSERT INTO address_failures (account, at) VALUES (?, ?)", account, now);
    void this.ctx.storage.setAlarm(now + FORGET_AFTER_MS);
    return { allowed: true };
  }

  /** The password was right: the account starts over from this address, and its reservation goes. */
  succeeded(account: string): void {
    this.sql.exec("DELETE FROM account_failures WHERE account = ?", account);
    this.sql.exec("DELETE FROM address_failures WHERE id = (SELECT max(id) FROM address_failures WHERE account = ?)", account);
  }

  /**
   * The account's instance: counts one attempt from any address, or, past the soft limit,
   * refuses it until ACCOUNT_DELAY_MS after the previous one.
   */
  reserveForAccount(now: number): ThrottleVerdict {
    this.sql.exec("DELETE FROM account_window WHERE at <= ?", now - ACCOUNT_WINDOW_MS);
    const [{ n, last }] = this.sql.exec<{ n: number; last: number | null }>("SELECT count(*) AS n, max(at) AS last FROM account_window").toArray();
    if (n >= ACCOUNT_SOFT_LIMIT && last !== null && now < last + ACCOUNT_DELAY_MS) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((last + ACCOUNT_DELAY_MS - now) / 1000)), reason: "spread" };
    }
    this.sql.exec("INSERT INTO account_window (at) VALUES (?)", now);
    void this.ctx.storage.setAlarm(now + FORGET_AFTER_MS);
    return { allowed: true, overSoftLimit: n + 1 >= ACCOUNT_SOFT_LIMIT };
  }

  /** The account's instance: the password was right, so that attempt was no failure. */
  succeededForAccount(): void {
    this.sql.exec("DELETE FROM account_window WHERE id = (SELECT max(id) FROM account_window)");
  }

  /** The account's instance: true at most once per window, when its owner is to be mailed. */
  warnOwnerOnce(now: number): boolean {
    const [row] = this.sql.exec<{ at: number }>("SELECT at FROM owner_warned").toArray();
    if (row && now - row.at < ACCOUNT_WINDOW_MS) return false;
    this.sql.exec("INSERT INTO owner_warned (one, at) VALUES (1, ?1) ON CONFLICT (one) DO UPDATE SET at = ?1", now);
    return true;
  }

  /** Counts the start of an SSO sign-in from this address, or refuses it with the wait left. */
  startFlow(now: number): FlowStartVerdict {
    this.sql.exec("DELETE FROM flow_starts WHERE at <= ?", now - FLOW_START_WINDOW_MS);
    const [{ n, oldest }] = this.sql.exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM flow_starts").toArray();
    if (n >= FLOW_STARTS_PER_WINDOW)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest! + FLOW_START_WINDOW_MS - now) / 1000)) };
    this.sql.exec("INSERT INTO flow_starts (at) VALUES (?)", now);
    return { allowed: true };
  }

  /** Old failures are forgotten (a day without one), so an address's storage stays small. */
  alarm() {
    const now = Date.now();
    this.sql.exec("DELETE FROM account_failures WHERE last_at <= ?", now - FORGET_AFTER_MS);
    this.sql.exec("DELETE FROM address_failures WHERE at <= ?", now - ADDRESS_WINDOW_MS);
    this.sql.exec("DELETE FROM flow_starts WHERE at <= ?", now - FLOW_START_WINDOW_MS);
    this.sql.exec("DELETE FROM account_window WHERE at <= ?", now - ACCOUNT_WINDOW_MS);
  }
}
