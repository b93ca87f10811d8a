import { and, asc, eq } from "drizzle-orm";
import { roleColumns } from "~/domain/users/person-columns";
import { canEditOwnWeek, canSeeTeamOverviews, isAdmin } from "~/auth/permissions";
import { runBatch } from "~/db/batch";
import { offices, users, workplaceHistory, workplacePlans } from "~/db/schema";
import { dayKey, nextWorkingDays } from "~/lib/dates";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { usageEventStatement } from "../usage/usage.server";
import { ForbiddenError, ValidationError } from "../errors";
import { publishUserUpdate, requireCompanyUser, userStateStatements } from "../users/user-state.server";
import { workplaceChoices, type WorkplaceOption } from "./workplace.schema";
import { workplaceWeeks } from "./workplace-week.server";
import { inJsonList } from "~/db/json-list";
import { listedPeople } from "../users/filter.server";

/**
 * POST /workplace-forecast/{index}. future=true edits the default week (index 0 = Monday),
 * otherwise the rolling week (index 0 = today's working day). Changing today also sets
 * onLeave (absent) and atHome (home).
 */
export async function setWorkplace(ctx: DomainContext, index: number, input: { option: WorkplaceOption; future: boolean; source: string }) {
  const settings = ctx.actor.company.settings;
  if (settings.disableWFH) throw new ForbiddenError("Work location is turned off for this company.");
  if (!canEditOwnWeek(ctx.actor.user)) throw new ForbiddenError("Administrators do not plan a work week.");
  const me = await requireCompanyUser(ctx, ctx.actor.user.id);
  const second = me.secondaryOfficeId ? "second" : null;
  const allowed = workplaceChoices(settings, { first: "first", second }, input.future).map((choice) => choice.value);
  if (!allowed.includes(input.option)) {
    throw new ValidationError("InputErrors", {
      option: input.option === null ? "None can only be chosen for the default week." : "This option is not available.",
    });
  }
  const kind = input.future ? "default" : "rolling";
  const day = nextWorkingDays(ctx.today, 5)[index];
  const key = input.future ? index : day.getTime();
  const statements = [
    ctx.db
      .insert(workplacePlans)
      .values({ id: newId(), companyId: ctx.companyId, userId: me.id, kind, key, option: input.option, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: [workplacePlans.userId, workplacePlans.kind, workplacePlans.key],
        set: { option: input.option, updatedAt: ctx.now },
      }),
    ctx.db
      .insert(workplaceHistory)
      .values({ id: newId(), companyId: ctx.companyId, userId: me.id, kind, key, option: input.option, source: input.source, recordedAt: ctx.now }),
    usageEventStatement(ctx.db, { companyId: ctx.companyId, userId: me.id, event: "location", source: input.source, at: ctx.now }),
  ];
  const changesToday = !input.future && index === 0 && dayKey(day) === dayKey(ctx.today);
  if (changesToday) {
    statements.push(
      ...(userStateStatements(ctx, me.id, { onLeave: input.option === 2, atHome: input.option === 1 }, input.source) as typeof statements),
    );
  }
  await runBatch(ctx.db, statements);
  return publishUserUpdate(ctx, me.id);
}

/** The 'WFH Overview': next five working days, completed non-admin people, the caller first. Only for those who see team overviews. */
export async function getWorkplaceOverview(ctx: DomainContext) {
  if (!canSeeTeamOverviews(ctx.actor.user)) throw new ForbiddenError();
  const days = nextWorkingDays(ctx.today, 5);
  const people = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      title: users.title,
      profilePicture: users.profilePicture,
      ...roleColumns,
      officeName: offices.name,
      secondaryOfficeId: users.secondaryOfficeId,
    })
    .from(users)
    .leftJoin(offices, eq(offices.id, users.officeId))
    .where(listedPeople(ctx.companyId))
    .orderBy(asc(users.name));
  const rows = people.filter((person) => !isAdmin(person));
  const weeks = await workplaceWeeks(
    ctx,
    rows.map((r) => r.id),
    ctx.today,
  );
  const secondIds = [...new Set(rows.map((r) => r.secondaryOfficeId).filter((id): id is string => Boolean(id)))];
  const secondNames = new Map<string, string>();
  if (secondIds.length > 0) {
    const found = await ctx.db
      .select({ id: offices.id, name: offices.name })
      .from(offices)
      .where(and(eq(offices.companyId, ctx.companyId), inJsonList(offices.id, secondIds)));
    for (const office of found) secondNames.set(office.id, office.name);
  }
  rows.sort((a, b) => Number(b.id === ctx.actor.user.id) - Number(a.id === ctx.actor.user.id));
  return {
    days: days.map((d) => d.toISOString()),
    rows: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      title: r.title,
      profilePicture: r.profilePicture,
      office: r.officeName,
      secondaryOffice: r.secondaryOfficeId ? (secondNames.get(r.secondaryOfficeId) ?? null) : null,
      options: weeks.get(r.id)!.workplaceForecast,
    })),
  };
}
