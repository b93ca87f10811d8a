/**
 * Password hashes (decision 0087). New hashes are
 *   v2$<pepper id>$pbkdf2-sha256$<iterations>$<salt>$<hash>
 * where PBKDF2 runs over HMAC-SHA256(pepper, password): a copy of the database alone is
 * not enough to guess passwords offline. The pepper comes from the Worker secret
 * PASSWORD_PEPPERS ("id:secret,id:secret", the first one current); older ids stay listed
 * until no hash uses them, and a successful sign-in rehashes with the current one.
 * Hashes written before peppering (pbkdf2-sha256$<iterations>$<salt>$<hash>) keep verifying.
 */
const ITERATIONS = 100_000; // workerd's maximum for PBKDF2
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = "pbkdf2-sha256";
const VERSION = "v2";

/** Used by `wrangler dev --env dev`, the tests and the seed; never outside development. */
const LOCAL_PEPPERS = "dev:local-development-pepper-not-for-production-use";

export interface PepperRing {
  currentId: string;
  keys: Map<string, Promise<CryptoKey>>;
}

const rings = new Map<string, PepperRing>();

/** The installation's peppers; throws outside development when PASSWORD_PEPPERS is not set. */
export function pepperRing(env: { APP_ENV?: string; PASSWORD_PEPPERS?: string }): PepperRing {
  const local = env.APP_ENV === "development" || env.APP_ENV === "test";
  const configured = env.PASSWORD_PEPPERS ?? (local ? LOCAL_PEPPERS : undefined);
  if (!configured) throw new Error("PASSWORD_PEPPERS is not configured");
  let ring = rings.get(configured);
  if (!ring) {
    ring = parsePeppers(configured);
    rings.set(configured, ring);
  }
  return ring;
}

function parsePeppers(text: string): PepperRing {
  const keys = new Map<string, Promise<CryptoKey>>();
  let currentId = "";
  for (const entry of text.split(",")) {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon).trim();
    const secret = entry.slice(colon + 1).trim();
    if (colon < 1 || !/^[A-Za-z0-9_-]{1,20}$/.test(id) || secret.length < 16) {
      throw new Error("PASSWORD_PEPPERS must be 'id:secret' pairs separated by commas, each secret at least 16 characters");
    }
    currentId ||= id;
    keys.set(id, crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
  }
  return { currentId, keys };
}

export async function hashPassword(password: string, peppers: PepperRing, iterations = ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(await peppered(password, peppers, peppers.currentId), salt, iterations);
  return [VERSION, peppers.currentId, SCHEME, iterations, toBase64(salt), toBase64(hash)].join("$");
}

/** Whether a hash should be rewritten after a successful sign-in: unpeppered or an old pepper. */
export function needsRehash(stored: string, peppers: PepperRing): boolean {
  const parts = stored.split("$");
  return parts[0] !== VERSION || parts[1] !== peppers.currentId;
}

export async function verifyPassword(password: string, stored: string | null | undefined, peppers: PepperRing): Promise<boolean> {
  const parsed = parseHash(stored ?? DUMMY_HASH);
  if (!parsed) return false;
  if (parsed.pepperId !== null && !peppers.keys.has(parsed.pepperId)) {
    console.error(`password hash uses pepper '${parsed.pepperId}', which PASSWORD_PEPPERS no longer lists`);
    return false;
  }
  const input = parsed.pepperId === null ? new TextEncoder().encode(password) : await peppered(password, peppers, parsed.pepperId);
  const actual = await derive(input, parsed.salt, parsed.iterations);
  // Always run the derivation, also for unknown accounts, so timing does not reveal them.
  return stored != null && constantTimeEqual(actual, parsed.hash);
}

function parseHash(stored: string) {
  const parts = stored.split("$");
  const [pepperId, rest] = parts[0] === VERSION && parts.length === 6 ? [parts[1], parts.slice(2)] : [null, parts];
  if (rest.length !== 4 || rest[0] !== SCHEME) return null;
  const iterations = Number(rest[1]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > ITERATIONS) return null;
  return { pepperId, iterations, salt: fromBase64(rest[2]), hash: fromBase64(rest[3]) };
}

/** Used when the account does not exist or has no password: same work, always false. */
const DUMMY_HASH = `${SCHEME}$${ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

async function peppered(password: string, peppers: PepperRing, id: string): Promise<Uint8Array<ArrayBuffer>> {
  const key = peppers.keys.get(id);
  if (!key) throw new Error(`unknown pepper '${id}'`);
  return new Uint8Array(await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(password)));
}

async function derive(input: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", input, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
