import type { Env } from "~/env";

/**
 * Sign-in throttling that an attacker cannot turn against the people they target
 * (decision 0085). Failures are counted per (account, address): a few are free, then each
 * further one doubles the wait for that account from that address only, so guessing a
 * partner's password from one address never locks the partner out of another. Each
 * address also has a ceiling over all accounts, high enough for an office behind one NAT.
 * The counting lives in a Durable Object per address (workers/login-throttle.ts), which
 * makes reserve-then-check atomic.
 */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
/** Failures from one address, over all accounts, within ADDRESS_WINDOW_MS. */
export const ADDRESS_CEILING = 100;
export const ADDRESS_WINDOW_MS = 60 * 60_000;
/** A day without a failure and an account starts over from this address. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** How long the account waits after its `failures`-th failure from one address. */
export function failureDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * Starting an SSO sign-in writes a row (the AuthnRequest's ID) before anyone is known, so
 * one address may start at most this many per window (decision 0270): enough for an office
 * behind one NAT arriving at nine, too few to fill the table.
 */
export const FLOW_STARTS_PER_WINDOW = 30;
export const FLOW_START_WINDOW_MS = 60_000;

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: "account" | "address" };
export type FlowStartVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** What the sign-in check needs from the throttle; the Durable Object behind it in the Worker. */
export interface LoginThrottle {
  reserve(account: string, address: string, now: Date): Promise<ThrottleVerdict>;
  succeeded(account: string, address: string): Promise<void>;
  /** Counts the start of a sign-in flow (SSO) from `address`, or refuses it. */
  startFlow(address: string, now: Date): Promise<FlowStartVerdict>;
}

export function loginThrottle(namespace: Env["LoginThrottle"]): LoginThrottle {
  const stub = (address: string) => namespace.get(namespace.idFromName(address));
  return {
    reserve: (account, address, now) => stub(address).reserve(account, now.getTime()),
    succeeded: (account, address) => stub(address).succeeded(account),
    startFlow: (address, now) => stub(address).startFlow(now.getTime()),
  };
}

/** "30 seconds", "2 minutes", "1 hour": the wait as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}
