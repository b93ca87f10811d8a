import type { Db } from "~/db/client";
import { auditLog, type AuditClient } from "~/db/schema";
import type { AnyContext, SystemSource } from "./context";

export interface AuditEntry {
  companyId: string;
  /** Who did it; null for the system (a cron, SCIM, the directory sync). */
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  data?: Record<string, unknown>;
  /** Where the change came from (the Activity page's Client column); the web app unless told. */
  client?: AuditClient;
  at: Date;
}

/** The one way to write an audit row: a statement, so it goes in the same batch as the change it records. */
export function auditRow(db: Db, entry: AuditEntry) {
  const { companyId, actorId, action, entityType, entityId, data, client = "web", at } = entry;
  return db.insert(auditLog).values({ companyId, actorId, action, entityType, entityId, data, client, createdAt: at });
}

/** The client a system source acts as: SCIM, a directory or import sync, single sign-on, or the schedule. */
export function systemClient(source: SystemSource): AuditClient {
  if (source === "scim") return "scim";
  if (source === "sso") return "sso";
  if (source === "directory" || source === "elite3e" || source === "cv" || source === "outlook") return "sync";
  return "system";
}

/** The contexts whose Activity ping is sent: one per request or job, however many rows it audits. */
const pinged = new WeakSet<AnyContext>();

/**
 * An audit row for what the actor did in their company, now: a person's id, or for the
 * system no id and its source (SCIM, the directory, an import) in the row's data. An open
 * Activity page hears of it (an ACTIVITY ping without data, after the response).
 */
export function audit(ctx: AnyContext, action: string, entityType: string, entityId: string | null, data: Record<string, unknown> = {}) {
  if (!pinged.has(ctx)) {
    pinged.add(ctx);
    ctx.publish(ctx.companyId, { type: "ACTIVITY" });
  }
  if (ctx.actor.kind === "system") {
    return auditRow(ctx.db, {
      companyId: ctx.companyId,
      actorId: null,
      action,
      entityType,
      entityId,
      data: { ...data, source: ctx.actor.source },
      client: systemClient(ctx.actor.source),
      at: ctx.now,
    });
  }
  return auditRow(ctx.db, {
    companyId: ctx.companyId,
    actorId: ctx.actor.user.id,
    action,
    entityType,
    entityId,
    data,
    client: ctx.actor.client ?? "web",
    at: ctx.now,
  });
}
