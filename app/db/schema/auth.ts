import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id } from "../columns";
import { companies } from "./companies";
import { users } from "./users";

const companyId = () =>
  text("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const userId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** One row per signed-in device; the cookie and the bearer token both point here. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    userAgent: text("user_agent"),
    /**
     * When the person last proved who they are in this session: the sign-in, or their password
     * typed again for a powerful setting (decision 0276). Null reads as createdAt.
     */
    authenticatedAt: integer("authenticated_at", { mode: "timestamp_ms" }),
    /** Opened by a password (the sign-in form, a reset link, POST /account/login): the company's second-factor rule applies. */
    byPassword: flag("by_password"),
  },
  (t) => [index("sessions_company_idx").on(t.companyId), index("sessions_user_idx").on(t.userId)],
);

/** Tokens mailed to people: password resets and invites. Only a SHA-256 of the secret is kept. */
export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_company_idx").on(t.companyId)],
);

export const inviteTokens = sqliteTable(
  "invite_tokens",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("invite_tokens_company_idx").on(t.companyId), index("invite_tokens_user_idx").on(t.userId)],
);

/**
 * The iOS wrapper's hand-off codes (decision 0270): the app asks for one with its bearer
 * token, its web view posts it to /login/handoff within a minute, once. Only a SHA-256 of
 * the code is kept; the row is the session the browser gets a cookie for.
 */
export const sessionHandoffs = sqliteTable(
  "session_handoffs",
  {
    codeHash: text("code_hash").primaryKey(),
    companyId: companyId(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("session_handoffs_expires_idx").on(t.expiresAt), index("session_handoffs_company_idx").on(t.companyId)],
);

/** Sign-in attempts, kept for throttling. Not company-owned: written before anyone is known. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: id(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    succeeded: flag("succeeded"),
    createdAt: createdAt(),
  },
  (t) => [index("login_attempts_email_idx").on(t.email, t.createdAt), index("login_attempts_ip_idx").on(t.ip, t.createdAt)],
);

export type Session = typeof sessions.$inferSelect;
