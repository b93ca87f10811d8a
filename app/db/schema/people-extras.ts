import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
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
    createdAt: createdAt(),
  },
  (t) => [index("cv_items_company_idx").on(t.companyId), index("cv_items_user_idx").on(t.userId)],
);

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
