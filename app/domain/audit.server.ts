import type { Db } from "~/db/client";
import { auditLog } from "~/db/schema";
import type { DomainContext } from "./context";

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

/** An audit row for what the signed-in person did in their company, now. */
export function audit(ctx: DomainContext, action: string, entityType: string, entityId: string | null, data: Record<string, unknown> = {}) {
  return auditRow(ctx.db, { companyId: ctx.companyId, actorId: ctx.actor.user.id, action, entityType, entityId, data, at: ctx.now });
}
