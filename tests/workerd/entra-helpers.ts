import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { createDb } from "~/db/client";
import { companies, directorySync } from "~/db/schema";
import type { Env } from "~/env";
import { entraConfig } from "~/integrations/entra/config";

/** The loopback Microsoft Entra ID and Graph the Worker is configured with (tests/fakes/entra-server.ts). */
export const fakeEntra = () => inject("entraUrl");
export const config = () => entraConfig(env as unknown as Env)!;

export async function control<T = unknown>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(`${fakeEntra()}/_fake/${path}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: init.json ? { "Content-Type": "application/json" } : {},
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  if (!response.ok) throw new Error(`fake entra ${path}: ${response.status}`);
  return (await response.json()) as T;
}

export interface DirectoryPersonInput {
  id?: string;
  displayName: string;
  mail: string | null;
  jobTitle?: string | null;
  department?: string | null;
  photo?: string | null;
}

export const addDirectoryUser = (tenant: string, person: DirectoryPersonInput) =>
  control<{ id: string }>(`directory/${tenant}/users`, { json: { id: crypto.randomUUID(), ...person } });

export const removeDirectoryUser = (tenant: string, id: string) =>
  fetch(`${fakeEntra()}/_fake/directory/${tenant}/users/${encodeURIComponent(id)}`, { method: "DELETE" });

/** An ID token as the provider signs it; `claims` override, `sign: "rogue"` uses a key the JWKS does not hold. */
export async function mintToken(input: { tid: string; oid?: string; claims?: Record<string, unknown>; sign?: "rogue"; expiresIn?: number }) {
  return (await control<{ token: string }>("token", { json: input })).token;
}

/**
 * Signs in at the provider's authorise endpoint as a directory person (the picker's answer),
 * and answers the code and the state the provider sends back to `redirectUri`.
 */
export async function authorizeAs(authorizeUrl: string, tenant: string, oid: string) {
  const url = new URL(authorizeUrl);
  url.searchParams.set("fake_account", `${tenant}/${oid}`);
  const response = await fetch(url, { redirect: "manual" });
  const location = new URL(response.headers.get("Location")!);
  return { code: location.searchParams.get("code"), state: location.searchParams.get("state"), location };
}

/**
 * Test setup for the sync tests: the firm's directory as the admin consent leaves it (the
 * tenant and a fresh sync cursor). The consent itself is tested in entra.test.ts; no API
 * takes a tenant id any more (decision 0250).
 */
export async function connectDirectory(companyId: string, tenant: string) {
  const db = createDb(env.DB);
  await db.batch([
    db.update(companies).set({ azureAdTenantId: tenant }).where(eq(companies.id, companyId)),
    db.insert(directorySync).values({ companyId, tenantId: tenant, nextRunAt: new Date() }),
  ]);
}
