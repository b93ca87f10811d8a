import { and, eq, isNotNull } from "drizzle-orm";
import { companies, users, type User } from "~/db/schema";
import type { EntraClaims } from "~/integrations/entra/oidc.server";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { ConflictError, UnauthorizedError } from "~/domain/errors";
import type { PublicContext } from "~/domain/context";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * Who a valid Microsoft sign-in is: the company whose connected tenant issued the token,
 * and in it the person with the token's object id (tenant and oid), as the directory sync
 * or an invite from the directory recorded it. Nobody gets an account or a link by signing
 * in: unknown object ids are told to ask their administrator.
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

/** A person's address, their firm's connected tenant and its settings: where a sign-in with another account is sent back to. */
export interface ConnectedAddress {
  email: string | null;
  tenantId: string | null;
  settings: string;
}

/**
 * `elsewhere` finds the firm an address belongs to on the other shards (the directory,
 * decision 0318): the tenant's own shard knows only its own firms' addresses.
 */
export async function personForEntraSignIn(
  { db }: PublicContext,
  claims: EntraClaims,
  elsewhere?: (email: string) => Promise<ConnectedAddress | null>,
): Promise<User> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.azureAdTenantId, claims.tid)).limit(1);
  if (company) {
    // Only the directory object id links: it is what the directory sync or an invite from
    // the directory recorded. The token's e-mail claims (email, preferred_username, upn) are
    // mutable and unverified, so they never pick the account (decision 0250).
    const [person] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.azureAdId, claims.oid)))
      .limit(1);
    if (person) return person;
  }
  // The person picked an account of another directory (a guest or a private account) while
  // their firm's directory is connected: back to Microsoft, hinting at the right account.
  if (claims.email) {
    const [here] = await db
      .select({ tenantId: companies.azureAdTenantId, settings: companies.settings, email: users.email })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.email, claims.email), isNotNull(companies.azureAdTenantId)))
      .limit(1);
    const owner: ConnectedAddress | null = here ?? (elsewhere ? await elsewhere(claims.email) : null);
    if (owner?.email && owner.tenantId && owner.tenantId !== claims.tid) {
      const picker = readCompanySettings(owner.settings).entraAccountPicker;
      const redirect: EntraRedirect = {
        message: OTHER_ACCOUNT(owner.email),
        redirect: true,
        email: owner.email,
        tenantId: owner.tenantId,
        accountPicker: picker,
      };
      throw new ConflictError(redirect.message, redirect);
    }
  }
  if (!company) throw new UnauthorizedError(DIRECTORY_NOT_CONNECTED);
  throw new UnauthorizedError(NO_ACCOUNT(claims.email));
}
