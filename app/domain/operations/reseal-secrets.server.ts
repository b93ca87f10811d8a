import { and, eq, isNotNull, like, not, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { companies, totpFactors } from "~/db/schema";
import type { Db } from "~/db/client";
import { smtpPasswordPurpose } from "~/integrations/email/config.server";
import { currentSealPrefix, resealIfStale } from "~/lib/secret-box.server";
import { eliteSecretPurpose } from "~/domain/matters/elite-import.schedule";
import { cvKeyPurpose } from "~/domain/company/cv-import.server";
import { totpPurpose } from "~/domain/identity/second-factor.server";
import { audit } from "../audit.server";
import { systemCtx, type Runtime } from "../context";

/** A stored value to seal again: its row, its company, and what it says now. */
interface StaleSecret {
  id: string;
  companyId: string;
  stored: string;
}

/**
 * Every column that keeps a firm's or a person's secret sealed (lib/secret-box.server.ts),
 * with the place each value is bound to and the audit row its re-sealing writes. A new
 * sealed column joins this list, or a key rotation would strand it under the old key.
 */
interface SealedColumn {
  column: SQLiteColumn;
  purpose: (row: StaleSecret) => string;
  stale: (db: Db, where: SQL, limit: number) => Promise<StaleSecret[]>;
  /** The update, conditional on the value not having changed since it was read. */
  write: (db: Db, row: StaleSecret, next: string) => BatchItem<"sqlite">;
  audit: { action: string; entityType: "company" | "user" };
}

function companyColumn(
  key: "smtpPassword" | "elite3eClientSecret" | "cvServiceKey",
  purpose: (companyId: string) => string,
  action: string,
): SealedColumn {
  const column = companies[key];
  return {
    column,
    purpose: (row) => purpose(row.companyId),
    stale: async (db, where, limit) => {
      const rows = await db.select({ id: companies.id, stored: column }).from(companies).where(where).limit(limit);
      return rows.map((row) => ({ id: row.id, companyId: row.id, stored: row.stored! }));
    },
    write: (db, row, next) =>
      db
        .update(companies)
        .set({ [key]: next })
        .where(and(eq(companies.id, row.id), eq(column, row.stored))),
    audit: { action, entityType: "company" },
  };
}

export const SEALED_COLUMNS: SealedColumn[] = [
  companyColumn("smtpPassword", smtpPasswordPurpose, "smtp-password-resealed"),
  companyColumn("elite3eClientSecret", eliteSecretPurpose, "elite3e-secret-resealed"),
  companyColumn("cvServiceKey", cvKeyPurpose, "cv-key-resealed"),
  {
    column: totpFactors.secretSealed,
    purpose: (row) => totpPurpose(row.id),
    stale: (db, where, limit) =>
      db
        .select({ id: totpFactors.userId, companyId: totpFactors.companyId, stored: totpFactors.secretSealed })
        .from(totpFactors)
        .where(where)
        .limit(limit),
    write: (db, row, next) =>
      db
        .update(totpFactors)
        .set({ secretSealed: next })
        .where(and(eq(totpFactors.userId, row.id), eq(totpFactors.secretSealed, row.stored))),
    audit: { action: "totp-secret-resealed", entityType: "user" },
  },
];

/**
 * For the cron: every sealed value stored before sealing, or sealed with a key that is no
 * longer the first of SECRET_BOX_KEYS, is sealed again with the current key, at most `limit`
 * per column per run, so a rotation finishes within a few runs and the old key can go
 * (docs/deploy.md). A value that changed meanwhile is left for its writer's new seal. A
 * value that does not open (its key was dropped too early) is logged and left as it is: only
 * entering the secret again mends it, and the firm's connection says so when it is used.
 */
export async function resealSecrets(runtime: Runtime, limit = 50): Promise<number> {
  const { db, env } = runtime;
  const prefix = await currentSealPrefix(env);
  let resealed = 0;
  for (const sealed of SEALED_COLUMNS) {
    const rows = await sealed.stale(db, and(isNotNull(sealed.column), not(like(sealed.column, `${prefix}%`)))!, limit);
    for (const row of rows) {
      const next = await resealIfStale(env, sealed.purpose(row), row.stored).catch((error: unknown) => {
        console.error(`re-sealing ${sealed.column.name} of ${row.id} failed:`, error instanceof Error ? error.message : error);
        return null;
      });
      if (next === null) continue;
      const ctx = await systemCtx(runtime, row.companyId, "secrets");
      await db.batch([sealed.write(db, row, next), audit(ctx, sealed.audit.action, sealed.audit.entityType, row.id)]);
      resealed++;
    }
  }
  return resealed;
}
