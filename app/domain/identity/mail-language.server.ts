import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import { companies, users } from "~/db/schema";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { recipientLanguage } from "~/lib/i18n/catalogs.server";

/**
 * The language a mail to a person is written in (decision 0306): their choice on /settings,
 * else their firm's; a person not yet signed up (an invite) reads their firm's. No browser asks.
 */
export async function languageOfRecipient(db: Db, companyId: string, userId?: string | null): Promise<string> {
  const [row] = await db
    .select({ chosen: users.language, settings: companies.settings })
    .from(companies)
    .leftJoin(users, and(eq(users.id, userId ?? ""), eq(users.companyId, companies.id)))
    .where(eq(companies.id, companyId))
    .limit(1);
  return recipientLanguage(row?.chosen, row ? readCompanySettings(row.settings).language : null);
}
