import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { companies } from "~/db/schema";
import { eliteSecretPurpose, importStep } from "~/domain/matters/elite-import.server";
import { sealSecret } from "~/lib/secret-box.server";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from "../fakes/elite3e-server";
import { db, systemFor } from "./helpers";

/** The loopback Elite 3E of tests/fakes/elite3e-server.ts, one tenant per test. */
let counter = 0;
export function fakeEliteTenant(label = "t") {
  const name = `${label}${Date.now().toString(36)}${++counter}`;
  const base = `http://127.0.0.1:${inject("elitePort")}/t/${name}`;
  const control = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${base}/__control/${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake 3E control ${path}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return {
    base,
    put: (data: { timekeepers?: unknown[]; matters?: unknown[]; timecards?: unknown[] }) => control("data", "PUT", data),
    faults: (faults: { resource: "Timekeeper" | "Matter" | "Timecard"; page: number; kind: "500" | "401" | "timeout" | "bad"; times: number }[]) =>
      control("faults", "PUT", faults),
    expireTokens: () => control("expire-tokens", "POST"),
    stats: () =>
      control("stats", "GET") as Promise<{ tokensIssued: number; reads: { resource: string; page: number; status: number; since: string | null }[] }>,
  };
}

/** Points the company's 3E settings at the tenant (the secret sealed as the company page seals it). */
export async function pointAtFakeElite(companyId: string, base: string, secret = FAKE_CLIENT_SECRET) {
  await db()
    .update(companies)
    .set({
      elite3eEndpoint: base,
      elite3eClientId: FAKE_CLIENT_ID,
      elite3eClientSecret: await sealSecret(env, eliteSecretPurpose(companyId), secret),
    })
    .where(eq(companies.id, companyId));
}

/** Runs the import step by step until it finishes (or `steps` run out). */
export async function importAll(companyId: string, now = new Date(), options: { pageSize?: number } = {}) {
  for (let i = 0; i < 20; i++) {
    const result = await importStep(await systemFor(companyId, "elite3e", now), env, { maxPages: 50, pageSize: options.pageSize });
    if (result.error) throw new Error(result.error);
    if (result.finished) return result;
  }
  throw new Error("import did not finish");
}

const stamp = (ms: number) => new Date(ms).toISOString();
export const tk = (Number: string, DisplayName: string, Email: string | null, modified = Date.now() - 60_000) => ({
  Number,
  DisplayName,
  Email,
  LastModified: stamp(modified),
});
export const matter = (
  Number: string,
  DisplayName: string,
  ClientDisplayName: string,
  extra: { rsp?: string; open?: boolean; billable?: boolean; confidential?: boolean; modified?: number } = {},
) => ({
  Number,
  DisplayName,
  ClientDisplayName,
  RspTkprNumber: extra.rsp ?? null,
  IsOpen: extra.open ?? true,
  IsBillable: extra.billable ?? true,
  IsConfidential: extra.confidential ?? false,
  LastModified: stamp(extra.modified ?? Date.now() - 60_000),
});
export const card = (
  Id: string,
  TkprNumber: string,
  MattNumber: string,
  WorkDate: string,
  WorkHrs: number,
  IsBillable = true,
  modified = Date.now() - 60_000,
) => ({
  Id,
  TkprNumber,
  MattNumber,
  WorkDate,
  WorkHrs,
  IsBillable,
  LastModified: stamp(modified),
});
