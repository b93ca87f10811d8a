import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { auditRow } from "~/domain/audit.server";
import type { Db } from "~/db/client";
import { companies, users, type User } from "~/db/schema";
import type { EntraClaims } from "~/integrations/entra/oidc.server";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { ConflictError, UnauthorizedError } from "~/domain/errors";

/**
 * Who a valid Microsoft sign-in is: the company whose connected tenant issued the token,
 * and in it the person with the token's object id, or (not yet linked) the token's e-mail.
 * A first sign-in links the person to the object id, so a later change of e-mail in the
 * directory keeps them. Nobody gets an account by signing in: unknown people are told so.
 */
export const DIRECTORY_NOT_CONNECTED =
  "Your organisation's Microsoft directory is not connected to Availability. Sign in with your e-mail and password, or ask your administrator to connect it.";
export const NO_ACCOUNT = (email: string) =>
  `There is no Availability account for ${email || "this Microsoft account"}. Ask your administrator for an invitation.`;
export const OTHER_ACCOUNT = (email: string) => `Please sign in with your work account ${email}.`;

/** The answer that sends the browser back to Microsoft with a login hint (spec section 4). */
export interface EntraRedirect {
  message: string;
  redirect: true;
  email: string;
  tenantId: string;
  accountPicker: boolean;
}

export async function personForEntraSignIn(db: Db, claims: EntraClaims, now = new Date()): Promise<User> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.azureAdTenantId, claims.tid)).limit(1);
  if (company) {
    const [person] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          or(eq(users.azureAdId, claims.oid), claims.email ? and(isNull(users.azureAdId), eq(users.email, claims.email)) : undefined),
        ),
      )
      // The linked person wins over an unlinked one with the same address.
      .orderBy(sql`${users.azureAdId} is null`)
      .limit(1);
    if (person) {
      if (person.azureAdId !== claims.oid) {
        await db.batch([
          db
            .update(users)
            .set({ azureAdId: claims.oid })
            .where(and(eq(users.id, person.id), eq(users.companyId, company.id), isNull(users.azureAdId))),
          auditRow(db, {
            companyId: company.id,
            actorId: person.id,
            action: "entra-link",
            entityType: "user",
            entityId: person.id,
            data: { oid: claims.oid },
            at: now,
          }),
        ]);
      }
      return { ...person, azureAdId: claims.oid };
    }
  }
  // The person picked an account of another directory (a guest or a private account) while
  // their firm's directory is connected: back to Microsoft, hinting at the right account.
  if (claims.email) {
    const [elsewhere] = await db
      .select({ tenantId: companies.azureAdTenantId, settings: companies.settings, email: users.email })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.email, claims.email), isNotNull(companies.azureAdTenantId)))
      .limit(1);
    if (elsewhere?.tenantId && elsewhere.tenantId !== claims.tid) {
      const picker = readCompanySettings(elsewhere.settings).entraAccountPicker;
      const redirect: EntraRedirect = {
        message: OTHER_ACCOUNT(elsewhere.email),
        redirect: true,
        email: elsewhere.email,
        tenantId: elsewhere.tenantId,
        accountPicker: picker,
      };
      throw new ConflictError(redirect.message, redirect);
    }
  }
  if (!company) throw new UnauthorizedError(DIRECTORY_NOT_CONNECTED);
  throw new UnauthorizedError(NO_ACCOUNT(claims.email));
}
