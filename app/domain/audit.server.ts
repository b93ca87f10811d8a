import type { Db } from "~/db/client";
import { auditLog } from "~/db/schema";
import type { AnyContext } from "./context";

export interface AuditEntry {
  companyId: string;
  /** Who did it; null for the system (a cron, SCIM, the directory sync). */
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  data?: Record<string, unknown>;
  at: Date;
}

/** The one way to write an audit row: a statement, so it goes in the same batch as the change it records. */
export function auditRow(db: Db, entry: AuditEntry) {
  const { companyId, actorId, action, entityType, entityId, data, at } = entry;
  return db.insert(auditLog).values({ companyId, actorId, action, entityType, entityId, data, createdAt: at });
}

/**
 * An audit row for what the actor did in their company, now: a person's id, or for the
 * system no id and its source (SCIM, the directory, an import) in the row's data.
 */
export function audit(ctx: AnyContext, action: string, entityType: string, entityId: string | null, data: Record<string, unknown> = {}) {
  if (ctx.actor.kind === "system") {
    return auditRow(ctx.db, {
      companyId: ctx.companyId,
      actorId: null,
      action,
      entityType,
      entityId,
      data: { ...data, source: ctx.actor.source },
      at: ctx.now,
    });
  }
  return auditRow(ctx.db, { companyId: ctx.companyId, actorId: ctx.actor.user.id, action, entityType, entityId, data, at: ctx.now });
}
