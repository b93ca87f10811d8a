import { and, asc, eq, isNull, or } from "drizzle-orm";
import { roleRank } from "~/auth/permissions";
import { groups, offices, users } from "~/db/schema";
import type { DomainContext } from "../context";
import { skillLevelChoicesQuery } from "./catalog.server";
import { requireAdmin } from "../guards.server";

/** What the company page lists: administrators, groups with their offices, skill levels. */
export async function getCompanyOverview(ctx: DomainContext) {
  requireAdmin(ctx);
  const [groupRows, officeRows, levelRows, adminRows] = await ctx.db.batch([
    ctx.db.select({ _id: groups.id, name: groups.name }).from(groups).where(eq(groups.companyId, ctx.companyId)).orderBy(asc(groups.name)),
    ctx.db
      .select({ _id: offices.id, name: offices.name, group: offices.groupId })
      .from(offices)
      .where(eq(offices.companyId, ctx.companyId))
      .orderBy(asc(offices.name)),
    skillLevelChoicesQuery(ctx),
    ctx.db
      .select({
        _id: users.id,
        name: users.name,
        email: users.email,
        completed: users.completed,
        admin: users.admin,
        administratorPriviliges: users.administratorPriviliges,
        companyAdmin: users.companyAdmin,
      })
      .from(users)
      .where(
        and(
          eq(users.companyId, ctx.companyId),
          isNull(users.deactivatedAt),
          isNull(users.erasedAt),
          or(eq(users.companyAdmin, true), eq(users.administratorPriviliges, true), eq(users.admin, true)),
        ),
      )
      .orderBy(asc(users.name)),
  ]);
  return {
    companyName: ctx.actor.company.name,
    administrators: adminRows.sort((a, b) => roleRank(b) - roleRank(a) || a.name.localeCompare(b.name)),
    groups: groupRows.map((group) => ({ ...group, offices: officeRows.filter((office) => office.group === group._id) })),
    skillLevels: levelRows,
  };
}
