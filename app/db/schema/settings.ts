import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
import { companyId, userId } from "./company-owned";

/**
 * A person's own e-mail change waiting for the link mailed to the new address (decision
 * 0175). Only a SHA-256 of the link's secret is kept; a newer request replaces the older.
 */
export const emailChangeTokens = sqliteTable(
  "email_change_tokens",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    newEmail: text("new_email").notNull(),
    /**
     * Who asked, when it was not the person: an administrator's change. Confirming it then ends
     * the person's sessions, tokens and mailed links, as any change they did not make must.
     */
    requestedBy: text("requested_by"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("email_change_tokens_user_idx").on(t.userId), index("email_change_tokens_company_idx").on(t.companyId)],
);

/**
 * A person's secret calendar feed (decision 0177). The URL carries the row's id and an HMAC
 * of it under a key derived from SESSION_SECRET, so the table alone opens no feed; a new
 * secret is a new row (the old id stops working).
 */
export const calendarFeeds = sqliteTable(
  "calendar_feeds",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    /** 'person': the owner's own feed; 'team': an administrator's team feed (decision 0198). */
    kind: text("kind", { enum: ["person", "team"] })
      .notNull()
      .default("person"),
    /** A team feed's offices and groups (JSON lists of ids), as the statistics filter chooses them. */
    officeIds: text("office_ids").notNull().default("[]"),
    groupIds: text("group_ids").notNull().default("[]"),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_feeds_user_idx").on(t.userId), index("calendar_feeds_company_idx").on(t.companyId)],
);

export type EmailChangeToken = typeof emailChangeTokens.$inferSelect;
