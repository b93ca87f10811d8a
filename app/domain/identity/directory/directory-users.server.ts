import { and, eq, inArray } from "drizzle-orm";
import { canSearchDirectory } from "~/auth/permissions";
import { companies, users } from "~/db/schema";
import type { EntraConfig } from "~/integrations/entra/config";
import { GraphError, searchDirectoryUsers } from "~/integrations/entra/graph.server";
import type { DomainContext } from "~/domain/context";
import { ConflictError, DomainError, ForbiddenError } from "~/domain/errors";
import { NO_EMAIL_MESSAGE } from "~/domain/identity/directory/directory.schema";
import { addressStanding } from "~/domain/identity/address-standing.server";

export const NOT_CONNECTED = "Connect your firm's Microsoft directory first.";

export interface DirectoryPerson {
  id: string;
  displayName: string;
  mail: string | null;
  /** Whether 'Add users from the directory' may pick the person. */
  selectable: boolean;
  /** Why not, when not: the spec's message for a missing e-mail, or that they are already here. */
  reason: string | null;
}

export const ALREADY_ADDED = "Already a user of Availability.";
/** Any address the firm cannot use, whatever the reason: never that someone belongs to another firm. */
export const CANNOT_BE_ADDED = "Cannot be added to this firm.";

/** GET /azure-ad/users: the connected directory's people matching the search, marked selectable or not. */
export async function searchDirectory(ctx: DomainContext, config: EntraConfig, search: string): Promise<DirectoryPerson[]> {
  if (!canSearchDirectory(ctx.actor.user)) throw new ForbiddenError();
  const [company] = await ctx.db.select({ tenantId: companies.azureAdTenantId }).from(companies).where(eq(companies.id, ctx.companyId)).limit(1);
  if (!company?.tenantId) throw new ConflictError(NOT_CONNECTED);
  let people;
  try {
    people = await searchDirectoryUsers(config, company.tenantId, search);
  } catch (error) {
    if (error instanceof GraphError) throw new DomainError(`The directory could not be searched: ${error.message}`, 502);
    throw error;
  }
  const mails = people.map((p) => p.mail).filter((m): m is string => Boolean(m));
  // Only the firm's own people are named as already here; an address the firm cannot use
  // (another firm's member, another firm's verified domain) says only that (issue 26, item 4).
  const standing = await addressStanding(ctx, mails);
  const known = new Set<string>(standing.own);
  const unavailable = new Set<string>(standing.unavailable);
  const ids = people.map((p) => p.id);
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await ctx.db
      .select({ azureAdId: users.azureAdId, email: users.email })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), inArray(users.azureAdId, ids.slice(i, i + 90))));
    rows.forEach((r) => known.add(`oid:${r.azureAdId}`));
  }
  return people.map((p) => {
    const mail = p.mail?.toLowerCase() ?? null;
    const already = (mail && known.has(mail)) || known.has(`oid:${p.id}`);
    const reason = !mail ? NO_EMAIL_MESSAGE : already ? ALREADY_ADDED : unavailable.has(mail) ? CANNOT_BE_ADDED : null;
    return { ...p, selectable: reason === null, reason };
  });
}
