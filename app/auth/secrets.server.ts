import type { Env } from "~/env";
import { isLocalEnv } from "~/env";

const LOCAL_SECRET = "local-development-secret-not-for-production-use";

/** What the secret is read from: the binding, or the fixed local one in development and tests. */
export type SecretEnv = Pick<Env, "SESSION_SECRET" | "APP_ENV">;

export function sessionSecret(env: SecretEnv): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (isLocalEnv(env)) return LOCAL_SECRET;
  throw new Error("SESSION_SECRET is not configured");
}

/**
 * A key of its own for each use (the cookie signature, the bearer tokens), derived from
 * SESSION_SECRET with HKDF-SHA256, so no two uses share key material.
 */
const derived = new Map<string, Promise<string>>();
export function derivedSecret(env: SecretEnv, purpose: string): Promise<string> {
  const secret = sessionSecret(env);
  const cacheKey = `${purpose}\u0000${secret}`;
  let value = derived.get(cacheKey);
  if (!value) {
    value = (async () => {
      const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveBits"]);
      const bits = await crypto.subtle.deriveBits(
        { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("availability"), info: new TextEncoder().encode(purpose) },
        base,
        256,
      );
      return btoa(String.fromCharCode(...new Uint8Array(bits)));
    })();
    derived.set(cacheKey, value);
  }
  return value;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
