import { isLocalEnv, type Env } from "~/env";
import { isValidEmail } from "~/lib/email-address";

/**
 * Where the product may send a firm's mail, and what may go into the envelope and the
 * headers. A firm's SMTP server is a public DNS name on a mail port: no IP literal (in any
 * spelling), no localhost, no single-label or special-use name (.local, .internal, ...),
 * so a setting can never point the Worker at loopback, private or link-local addresses
 * by number. The loopback test server (tests/fakes/smtp-server.ts) is reachable only when
 * the installation says so explicitly: ALLOW_LOOPBACK_SMTP="true" in a development or
 * test environment ([env.dev] in wrangler.toml; `npm run deploy:check` refuses it).
 */
export const SMTP_PORTS = [25, 465, 587, 2525] as const;

export const HOST_MESSAGE = "Use the mail server's public host name (like smtp.example.com), not an IP address or a local name.";
export const PORT_MESSAGE = "Use port 25, 465, 587 or 2525.";
export const SENDER_MESSAGE = "Needs to be an e-mail address, optionally with a name: Firm <no-reply@firm.com>";
export const CONTROL_MESSAGE = "Must not contain line breaks or control characters.";

/** Reserved or private-use top-level names that never resolve publicly. */
const SPECIAL_USE = new Set([
  "localhost",
  "local",
  "internal",
  "intranet",
  "lan",
  "home",
  "corp",
  "private",
  "test",
  "invalid",
  "example",
  "onion",
  "arpa",
  "localdomain",
]);

export type PolicyEnv = Pick<Env, "APP_ENV"> & { ALLOW_LOOPBACK_SMTP?: string };

export function allowsLoopbackSmtp(env: PolicyEnv): boolean {
  return isLocalEnv(env) && env.ALLOW_LOOPBACK_SMTP === "true";
}

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h === "127.0.0.1" || h === "::1" || h === "[::1]";
}

export function hasControlCharacters(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\x00-\x1f\x7f\u2028\u2029]/.test(text);
}

/** A public DNS name: letters, digits and hyphens in two or more labels, ending in an alphabetic top-level name. */
export function isPublicHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name.length < 4 || name.length > 253) return false;
  const labels = name.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return false;
  const tld = labels[labels.length - 1];
  // An all-digit or hex-looking last label is an IP literal in some spelling (1.2.3.4, 0x7f.1).
  if (!/^[a-z]{2,63}$/.test(tld) && !/^xn--[a-z0-9-]+$/.test(tld)) return false;
  if (SPECIAL_USE.has(tld)) return false;
  if (labels.slice(-2).join(".") === "home.arpa") return false;
  return true;
}

/** Why the company's server may not be used, or null when it may (checked on save and before every send). */
export function smtpTargetProblem(
  target: { host: string; port: number },
  env: PolicyEnv,
): { field: "smtpHost" | "smtpPort"; message: string } | null {
  if (allowsLoopbackSmtp(env) && isLoopbackHost(target.host)) return null;
  if (!isPublicHostName(target.host)) return { field: "smtpHost", message: HOST_MESSAGE };
  if (!(SMTP_PORTS as readonly number[]).includes(target.port)) return { field: "smtpPort", message: PORT_MESSAGE };
  return null;
}

/** "address" or "Display Name <address>" with a valid address and a plain display name. */
export function isValidSender(sender: string): boolean {
  if (hasControlCharacters(sender)) return false;
  const named = /^\s*"?([^"<>\\]*?)"?\s*<([^<>]+)>\s*$/.exec(sender);
  const address = named ? named[2] : sender.trim();
  return isValidEmail(address) && !/[<>()[\]\\,;:"]/.test(address);
}
