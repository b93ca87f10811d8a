import type { Env } from "~/env";
import { isLocalEnv } from "~/env";

const LOCAL_SECRET = "local-development-secret-not-for-production-use";

export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (isLocalEnv(env)) return LOCAL_SECRET;
  throw new Error("SESSION_SECRET is not configured");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
