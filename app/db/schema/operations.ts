import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id } from "../columns";
import { companyId, userId } from "./company-owned";

export const outboxStatuses = ["pending", "sent", "failed"] as const;

/** Every e-mail the product sends, recorded before it is sent and retried until it is. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    companyId: companyId(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** Sent through the installation's server even when the company has its own (the notice that its mail settings changed). */
    viaInstallation: flag("via_installation"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_company_idx").on(t.companyId, t.createdAt), index("email_outbox_status_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * Push notifications to the iOS app through APNs (decision 0197), recorded before they are
 * sent and retried like the e-mail outbox; 'dropped' is a push APNs refused for good (the
 * device token unregistered or bad, the payload refused) or one that expired unsent.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    deviceToken: text("device_token").notNull(),
    /** The aps JSON body as sent. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed", "dropped"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    /** Sent as apns-expiration; not tried after it. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("push_outbox_status_idx").on(t.status, t.nextAttemptAt),
    index("push_outbox_user_idx").on(t.userId),
    index("push_outbox_company_idx").on(t.companyId),
  ],
);

/** The clients an audit row names: the web app, the API (bearer tokens: apps, scripts), or the system's sources. */
export type AuditClient = "web" | "api" | "scim" | "sync" | "sso" | "system";

/** Who changed what, for administrators and support (the Activity page). Append-only. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    companyId: companyId(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    /** Where the change came from (decision 0300): web, api, scim, sync, sso or system; null on rows from before. */
    client: text("client").$type<AuditClient>(),
    createdAt: createdAt(),
  },
  // audit_log_actor_idx: the Activity page's "by this person" filter, newest first.
  (t) => [index("audit_log_company_idx").on(t.companyId, t.createdAt), index("audit_log_actor_idx").on(t.companyId, t.actorId, t.createdAt)],
);

/** Product usage (sign-ins, page views by area, client kind) for the usage statistics. */
export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: id(),
    companyId: companyId(),
    userId: text("user_id"),
    event: text("event").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  // usage_events_created_idx (migration 0012): the operator's usage table over every firm reads by time alone.
  (t) => [index("usage_events_company_idx").on(t.companyId, t.createdAt), index("usage_events_created_idx").on(t.createdAt)],
);

/**
 * What the installation's directory (the DIRECTORY database: which shard holds a firm, and the
 * keys looked up before sign-in) must hear about, written by triggers on `users`, `companies`
 * and `company_domains` in the same transaction as the change, so no writer can forget it and
 * a crash loses nothing (migration 0038, decision 0312). `identity/firm-directory.server.ts`
 * drains it after the request and on the cron. Deliberately without a foreign key: a firm's
 * deletion must stay here until the directory has heard of it.
 */
export const directoryOutbox = sqliteTable("directory_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** "person" (key: user id), "firm" (key: company id), "domain" (key: the domain) or "push" (key: a Web Push endpoint, decision 0318). */
  kind: text("kind", { enum: ["person", "firm", "domain", "push"] }).notNull(),
  key: text("key").notNull(),
  companyId: text("company_id").notNull(),
});
