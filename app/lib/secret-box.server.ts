import { isLocalEnv, type Env } from "~/env";
import { toBase64Url } from "./base64url";

/**
 * The one way to keep a secret a firm or a person gives us (SMTP password, 3E client secret,
 * CV service key, authenticator-app secrets) at rest: AES-256-GCM with a random 96-bit IV, under
 * a key from the Worker secret SECRET_BOX_KEYS, and bound to where it is stored (`purpose`,
 * e.g. "companies.smtp_password:{companyId}") as additional data, so a sealed value copied
 * into another row or another company does not open.
 *
 * SECRET_BOX_KEYS is "keyId:base64key[,keyId:base64key...]" (32-byte keys). The first key
 * seals; every listed key opens, found by the key id stored in the sealed text, so a key
 * rotates by putting a new one first and re-sealing (the cron's resealSecrets) before the old one is
 * dropped. Development and tests without the secret use a fixed local key; an installation
 * without it refuses to seal or open anything.
 *
 * Sealed text: "sb1:{keyId}:{iv base64url}:{ciphertext base64url}".
 */
export interface SecretBoxEnv {
  SECRET_BOX_KEYS?: string;
}

const VERSION = "sb1";
const LOCAL_KEYS = "local:bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=";

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

interface KeyRing {
  current: { id: string; key: CryptoKey };
  byId: Map<string, CryptoKey>;
}

const rings = new Map<string, Promise<KeyRing>>();

function keySpec(env: SecretBoxEnv & Pick<Env, "APP_ENV">): string {
  if (env.SECRET_BOX_KEYS) return env.SECRET_BOX_KEYS;
  if (isLocalEnv(env)) return LOCAL_KEYS;
  throw new SecretBoxError("SECRET_BOX_KEYS is not configured: set it with `wrangler secret put SECRET_BOX_KEYS` (see docs/deploy.md)");
}

function keyRing(spec: string): Promise<KeyRing> {
  let ring = rings.get(spec);
  if (!ring) {
    ring = importRing(spec);
    ring.catch(() => rings.delete(spec));
    rings.set(spec, ring);
  }
  return ring;
}

async function importRing(spec: string): Promise<KeyRing> {
  const byId = new Map<string, CryptoKey>();
  let current: KeyRing["current"] | null = null;
  for (const entry of spec
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon);
    if (colon < 1 || !/^[A-Za-z0-9_-]+$/.test(id)) throw new SecretBoxError("SECRET_BOX_KEYS: each entry is keyId:base64key");
    const raw = fromBase64(entry.slice(colon + 1));
    if (raw.length !== 32) throw new SecretBoxError(`SECRET_BOX_KEYS: key ${id} is not 32 bytes`);
    const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    byId.set(id, key);
    current ??= { id, key };
  }
  if (!current) throw new SecretBoxError("SECRET_BOX_KEYS holds no key");
  return { current, byId };
}

/** The prefix of every value sealed with the current key: what the cron need not touch. */
export async function currentSealPrefix(env: SecretBoxEnv & Pick<Env, "APP_ENV">): Promise<string> {
  const { current } = await keyRing(keySpec(env));
  return `${VERSION}:${current.id}:`;
}

export function isSealed(value: string | null | undefined): boolean {
  return typeof value === "string" && value.startsWith(`${VERSION}:`);
}

export async function sealSecret(env: SecretBoxEnv & Pick<Env, "APP_ENV">, purpose: string, plaintext: string): Promise<string> {
  const { current } = await keyRing(keySpec(env));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(purpose) },
    current.key,
    new TextEncoder().encode(plaintext),
  );
  return [VERSION, current.id, toBase64Url(iv), toBase64Url(sealed)].join(":");
}

/** The plaintext of a sealed value; throws SecretBoxError when it is not sealed, the key is unknown or it was tampered with. */
export async function openSecret(env: SecretBoxEnv & Pick<Env, "APP_ENV">, purpose: string, sealed: string): Promise<string> {
  const parts = sealed.split(":");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("Not a sealed secret");
  const { byId } = await keyRing(keySpec(env));
  const key = byId.get(parts[1]);
  if (!key) throw new SecretBoxError(`The secret was sealed with key ${parts[1]}, which is no longer configured`);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(parts[2]), additionalData: new TextEncoder().encode(purpose) },
      key,
      fromBase64(parts[3]),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SecretBoxError("The secret does not open (wrong key or place, or altered)");
  }
}

/**
 * For the cron: the value sealed with the current key, or null when it already is. A
 * plaintext value (written before secrets were sealed) is sealed as it is.
 */
export async function resealIfStale(env: SecretBoxEnv & Pick<Env, "APP_ENV">, purpose: string, stored: string): Promise<string | null> {
  const { current } = await keyRing(keySpec(env));
  if (isSealed(stored)) {
    if (stored.split(":")[1] === current.id) return null;
    return sealSecret(env, purpose, await openSecret(env, purpose, stored));
  }
  return sealSecret(env, purpose, stored);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, "+").replace(/_/g, "/");
  try {
    return Uint8Array.from(atob(normal + "=".repeat((4 - (normal.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    throw new SecretBoxError("Not valid base64");
  }
}
