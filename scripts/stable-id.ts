import { createHash } from "node:crypto";

/**
 * The seed's row ids, the same on every run (`person:3`, `matter:2026-0101`), so the seed's
 * parts (scripts/seed-data.ts, scripts/seed-time-keeping.ts) and the e2e tests name the same
 * rows without importing one another.
 */
export function stableId(label: string): string {
  return createHash("sha256").update(label).digest("hex").slice(0, 24);
}
