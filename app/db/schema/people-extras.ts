import { integer, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
import { companies } from "./companies";
import { companyId, userId } from "./company-owned";

/** CV entries imported from the CV service, shown 'From CV Partner'. */
export const cvItems = sqliteTable(
  "cv_items",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    title: text("title").notNull(),
    source: text("source").notNull().default("cvpartner"),
    /** The item's id in the CV service, so a changed title updates the row and a removed item deletes it. */
    externalId: text("external_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("cv_items_company_idx").on(t.companyId),
    index("cv_items_user_idx").on(t.userId),
    index("cv_items_user_external_idx").on(t.userId, t.externalId),
    /** The overview's CV filter: distinct titles per company, and who holds one (decision 0180). */
    index("cv_items_company_title_idx").on(t.companyId, t.title),
  ],
);

/** Where each company's CV import stands: the page cursor, the last run and its error (decision 0112). */
export const cvImports = sqliteTable("cv_imports", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  cursor: integer("cursor").notNull().default(0),
  peopleSeen: integer("people_seen").notNull().default(0),
  peopleMatched: integer("people_matched").notNull().default(0),
  lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
  lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  lastError: text("last_error"),
  failures: integer("failures").notNull().default(0),
  nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
});

/** Push tokens of the native apps (tokenType e.g. 'apns', 'fcm', 'teams'). */
export const notificationTokens = sqliteTable(
  "notification_tokens",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    tokenType: text("token_type").notNull(),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("notification_tokens_company_idx").on(t.companyId), uniqueIndex("notification_tokens_unique").on(t.userId, t.tokenType, t.token)],
);

/**
 * Web Push subscriptions of a person's browsers (decision 0302): what `pushManager.subscribe`
 * returned (the push service's endpoint URL and the browser's P-256 key and auth secret, both
 * base64url). One row per endpoint; a push service's 404 or 410 deletes it.
 */
export const webPushSubscriptions = sqliteTable(
  "web_push_subscriptions",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser as it named itself (user agent, shortened), so the settings page can tell devices apart. */
    label: text("label").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("web_push_subscriptions_user_idx").on(t.userId),
    uniqueIndex("web_push_subscriptions_endpoint_unique").on(t.endpoint),
    index("web_push_subscriptions_company_idx").on(t.companyId),
  ],
);
