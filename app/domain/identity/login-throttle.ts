import type { Env } from "~/env";

/**
 * Sign-in throttling that an attacker cannot turn against the people they target
 * (decision 0085). Failures are counted per (account, address): a few are free, then each
 * further one doubles the wait for that account from that address only, so guessing a
 * partner's password from one address never locks the partner out of another. Each
 * address also has a ceiling over all accounts, high enough for an office behind one NAT.
 * The counting lives in a Durable Object per address (workers/login-throttle.ts), which
 * makes reserve-then-check atomic. An IPv6 client is one address per /64: a home or office
 * gets a whole /64, so counting single addresses would give an attacker 2^64 fresh starts.
 *
 * Against guessing spread over many addresses, each account also has a soft limit (decision
 * 0270): after ACCOUNT_SOFT_LIMIT failures within an hour, from any addresses, each further
 * attempt waits ACCOUNT_DELAY_MS. The right password after the wait still signs in (no
 * lockout), and the owner hears of it once per hour (warnOwnerOnce). Its counting lives in
 * an object of the same class named after the account.
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

export const ACCOUNT_SOFT_LIMIT = 20;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const ACCOUNT_DELAY_MS = 60_000;

/** `overSoftLimit`: the account has had ACCOUNT_SOFT_LIMIT failures this hour (this attempt included). */
export type ThrottleVerdict =
  { allowed: true; overSoftLimit?: boolean } | { allowed: false; retryAfterSeconds: number; reason: "account" | "address" | "spread" };
export type FlowStartVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** What the sign-in check needs from the throttle; the Durable Object behind it in the Worker. */
export interface LoginThrottle {
  reserve(account: string, address: string, now: Date): Promise<ThrottleVerdict>;
  succeeded(account: string, address: string): Promise<void>;
  /** Counts the start of a sign-in flow (SSO) from `address`, or refuses it. */
  startFlow(address: string, now: Date): Promise<FlowStartVerdict>;
  /** True once per ACCOUNT_WINDOW_MS: the owner of an account over its soft limit is to be told now. */
  warnOwnerOnce(account: string, now: Date): Promise<boolean>;
}

export function loginThrottle(namespace: Env["LoginThrottle"]): LoginThrottle {
  const byAddress = (address: string) => namespace.get(namespace.idFromName(throttleAddress(address)));
  // "account:" keeps the names apart from addresses (which never contain it).
  const byAccount = (account: string) => namespace.get(namespace.idFromName(`account:${account}`));
  return {
    async reserve(account, address, now) {
      const verdict = await byAddress(address).reserve(account, now.getTime());
      if (!verdict.allowed) return verdict;
      return byAccount(account).reserveForAccount(now.getTime());
    },
    async succeeded(account, address) {
      await Promise.all([byAddress(address).succeeded(account), byAccount(account).succeededForAccount()]);
    },
    startFlow: (address, now) => byAddress(address).startFlow(now.getTime()),
    warnOwnerOnce: (account, now) => byAccount(account).warnOwnerOnce(now.getTime()),
  };
}

/**
 * The name a client is counted under: an IPv4 address as it is, an IPv6 address as its /64
 * ("2001:db8:1:2::/64"), an IPv4-mapped IPv6 address as the IPv4 address. Anything else
 * (the "local" of development) as it is.
 */
export function throttleAddress(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .split("%")[0];
  if (!address.includes(":")) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address ("::" and a dotted IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((h) => (/^[0-9a-f]{1,4}$/.test(h) ? parseInt(h, 16) : NaN)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

/** "30 seconds", "2 minutes", "1 hour": the wait as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}
