import { and, asc, eq, or, type SQL } from "drizzle-orm";
import { canSeeUserAdministration, roleRank, type Membership } from "~/auth/permissions";
import { groups, offices, users } from "~/db/schema";
import { alias } from "drizzle-orm/sqlite-core";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { loadApiUsers, type ApiUser } from "./profile.server";

/**
 * The people an administrator manages: the whole company for a company admin; for others
 * those whose primary or secondary (group, office) is one of the administrator's own
 * (planning spec 6: "users in the selected group and office or in secondary ones").
 */
export function adminScopeWhere(ctx: DomainContext): SQL | undefined {
  const me = ctx.actor.user;
  const company = eq(users.companyId, ctx.companyId);
  if (me.companyAdmin) return company;
  const pairs = ownPairs(me);
  if (pairs.length === 0) return and(company, eq(users.id, me.id));
  const matches = pairs.flatMap(([group, office]) => [
    and(eq(users.groupId, group), eq(users.officeId, office)),
    and(eq(users.secondaryGroupId, group), eq(users.secondaryOfficeId, office)),
  ]);
  return and(company, or(...matches));
}

function ownPairs(m: Membership): [string, string][] {
  const pairs: [string, string][] = [];
  if (m.groupId && m.officeId) pairs.push([m.groupId, m.officeId]);
  if (m.secondaryGroupId && m.secondaryOfficeId) pairs.push([m.secondaryGroupId, m.secondaryOfficeId]);
  return pairs;
}

function requireViewer(ctx: DomainContext) {
  if (!canSeeUserAdministration(ctx.actor.user)) throw new ForbiddenError();
}

/** GET /users: the people the caller administers, highest role first, then by name. */
export async function listUsers(ctx: DomainContext): Promise<ApiUser[]> {
  requireViewer(ctx);
  const ids = await ctx.db.select({ id: users.id }).from(users).where(adminScopeWhere(ctx));
  const list = await loadApiUsers(
    ctx.db,
    ctx.companyId,
    ids.map((row) => row.id),
    ctx.now,
  );
  return list.sort((a, b) => roleRank(b) - roleRank(a) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

const secondaryGroups = alias(groups, "secondary_groups");
const secondaryOffices = alias(offices, "secondary_offices");

export interface UserRow {
  _id: string;
  name: string;
  title: string;
  email: string;
  completed: boolean;
  admin: boolean;
  administratorPriviliges: boolean;
  companyAdmin: boolean;
  utilizationViewOthersPriviliges: boolean;
  detailedViewPriviliges: boolean;
  detailedViewHoursPriviliges: boolean;
  group: { _id: string; name: string } | null;
  office: { _id: string; name: string } | null;
  secondaryGroup: { _id: string; name: string } | null;
  secondaryOffice: { _id: string; name: string } | null;
}

/** The rows of the /users and /users/all pages: only what the tables and dialogs show. */
export async function listUserRows(ctx: DomainContext): Promise<UserRow[]> {
  requireViewer(ctx);
  const rows = await ctx.db
    .select({
      _id: users.id,
      name: users.name,
      title: users.title,
      email: users.email,
      completed: users.completed,
      admin: users.admin,
      administratorPriviliges: users.administratorPriviliges,
      companyAdmin: users.companyAdmin,
      utilizationViewOthersPriviliges: users.utilizationViewOthersPriviliges,
      detailedViewPriviliges: users.detailedViewPriviliges,
      detailedViewHoursPriviliges: users.detailedViewHoursPriviliges,
      group: { _id: groups.id, name: groups.name },
      office: { _id: offices.id, name: offices.name },
      secondaryGroup: { _id: secondaryGroups.id, name: secondaryGroups.name },
      secondaryOffice: { _id: secondaryOffices.id, name: secondaryOffices.name },
    })
    .from(users)
    .leftJoin(groups, eq(groups.id, users.groupId))
    .leftJoin(offices, eq(offices.id, users.officeId))
    .leftJoin(secondaryGroups, eq(secondaryGroups.id, users.secondaryGroupId))
    .leftJoin(secondaryOffices, eq(secondaryOffices.id, users.secondaryOfficeId))
    .where(adminScopeWhere(ctx))
    .orderBy(asc(users.name));
  return rows;
}
