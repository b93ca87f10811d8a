import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
import { companyId, userId } from "./company-owned";

/**
 * A person's one-time-code app (TOTP, decision 0298). The secret is sealed with the secret
 * box (purpose "totp_factors.secret:{userId}"), never stored in the clear. A row without
 * `confirmedAt` is a set-up in progress: it signs nobody in until a code from the app
 * confirms it. `lastStep` is the 30-second step of the last code used, so a code works once.
 */
export const totpFactors = sqliteTable(
  "totp_factors",
  {
    userId: userId().primaryKey(),
    companyId: companyId(),
    secretSealed: text("secret_sealed").notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    lastStep: integer("last_step"),
    createdAt: createdAt(),
  },
  (t) => [index("totp_factors_company_idx").on(t.companyId)],
);

/** Ten single-use recovery codes per person with a code app: only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId), index("recovery_codes_company_idx").on(t.companyId)],
);

/**
 * Passkeys (WebAuthn credentials, decision 0298): a first factor on their own (user
 * verification required) and a second factor after a password. `credentialId` and
 * `publicKey` are base64url; `transports` a JSON list the browser gave at registration.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_idx").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
    index("passkeys_company_idx").on(t.companyId),
  ],
);

export type Passkey = typeof passkeys.$inferSelect;
