import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { personColumns } from "./person-columns";
import { canChangeMembership, canReadMatterCommentsOf } from "~/auth/permissions";
import { alias } from "drizzle-orm/sqlite-core";
import { competences, cvItems, forecasts, groups, offices, projectMembers, projects, skillLevels, userSkills, users, vacations } from "~/db/schema";
import type { DomainContext } from "../context";
import { companyTodays, todayOfOffice } from "../today";
import { NotFoundError } from "../errors";
import { forecastColumns, toApiForecast, toApiVacation } from "../forecasts/forecasts.server";
import { userCardMatters } from "../matters/reports.server";
import type { UserCard } from "./user-card.types";

/** Upcoming forecasts the card lists; a year of them is more than a card can show. */
const UPCOMING_LIMIT = 20;

const secondaryGroups = alias(groups, "card_secondary_groups");
const secondaryOffices = alias(offices, "card_secondary_offices");
const categories = alias(competences, "card_categories");

/**
 * The user detail card (spec: planning.md, "User detail card"): the person, their upcoming
 * forecasts and absences, and the sections whose data exists here: projects, competences
 * and CV items. A section turned off for the company is left out rather than sent empty.
 * One round trip: everything is read in a single D1 batch.
 */
export async function requireUserCard(ctx: DomainContext, userId: string): Promise<UserCard> {
  const settings = ctx.actor.company.settings;
  // Read from the company's earliest today; the person's own (their office's zone) decides below.
  const earliest = companyTodays(ctx.actor, ctx.now)[0];
  const [[person], forecastRows, vacationRows, projectRows, skillRows, cvRows, addableRows] = await ctx.db.batch([
    ctx.db
      .select({
        ...personColumns,
        officeId: users.officeId,
        phone: users.phone,
        message: users.message,
        lastUpdated: users.lastUpdated,
        startYear: users.startYear,
        // Aliased: D1 batches answer rows keyed by column name, and "name" is taken.
        groupName: sql<string | null>`${groups.name}`.as("group_name"),
        officeName: sql<string | null>`${offices.name}`.as("office_name"),
        secondaryGroupName: sql<string | null>`${secondaryGroups.name}`.as("secondary_group_name"),
        secondaryOfficeName: sql<string | null>`${secondaryOffices.name}`.as("secondary_office_name"),
      })
      .from(users)
      .leftJoin(groups, eq(groups.id, users.groupId))
      .leftJoin(offices, eq(offices.id, users.officeId))
      .leftJoin(secondaryGroups, eq(secondaryGroups.id, users.secondaryGroupId))
      .leftJoin(secondaryOffices, eq(secondaryOffices.id, users.secondaryOfficeId))
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
      .limit(1),
    ctx.db
      .select(forecastColumns)
      .from(forecasts)
      .where(and(eq(forecasts.companyId, ctx.companyId), eq(forecasts.userId, userId), gte(forecasts.endDate, earliest)))
      .orderBy(asc(forecasts.startDate))
      .limit(UPCOMING_LIMIT),
    ctx.db
      .select({ id: vacations.id, userId: vacations.userId, startDate: vacations.startDate, endDate: vacations.endDate })
      .from(vacations)
      .where(and(eq(vacations.companyId, ctx.companyId), eq(vacations.userId, userId), gte(vacations.endDate, earliest)))
      .orderBy(asc(vacations.startDate))
      .limit(UPCOMING_LIMIT),
    ctx.db
      .select({ _id: projects.id, name: projects.name, startDate: projects.startDate, endDate: projects.endDate })
      .from(projectMembers)
      .innerJoin(projects, and(eq(projects.id, projectMembers.projectId), eq(projects.companyId, projectMembers.companyId)))
      .where(and(eq(projectMembers.companyId, ctx.companyId), eq(projectMembers.userId, userId), eq(projects.archived, false)))
      .orderBy(sql`${projects.startDate} is null`, asc(projects.startDate), asc(projects.name)),
    ctx.db
      .select({
        _id: userSkills.id,
        competenceId: sql<string>`${competences.id}`.as("competence_id"),
        competenceName: sql<string>`${competences.name}`.as("competence_name"),
        categoryName: sql<string | null>`${categories.name}`.as("category_name"),
        levelName: sql<string | null>`${skillLevels.name}`.as("level_name"),
        level: sql<number | null>`${skillLevels.level}`.as("level"),
      })
      .from(userSkills)
      .innerJoin(competences, and(eq(competences.id, userSkills.competenceId), eq(competences.companyId, userSkills.companyId)))
      .leftJoin(categories, eq(categories.id, competences.parentId))
      .leftJoin(skillLevels, eq(skillLevels.id, userSkills.levelId))
      .where(and(eq(userSkills.companyId, ctx.companyId), eq(userSkills.userId, userId)))
      .orderBy(asc(competences.name)),
    ctx.db
      .select({ _id: cvItems.id, title: cvItems.title })
      .from(cvItems)
      .where(and(eq(cvItems.companyId, ctx.companyId), eq(cvItems.userId, userId)))
      .orderBy(asc(cvItems.title)),
    // The 'Add competence' picker: competences the person does not have (imported ones come from the CV service).
    ctx.db
      .select({ _id: competences.id, name: competences.name })
      .from(competences)
      .where(
        and(
          eq(competences.companyId, ctx.companyId),
          eq(competences.root, false),
          isNull(competences.externalSource),
          sql`not exists (select 1 from ${userSkills} where ${userSkills.userId} = ${userId} and ${userSkills.competenceId} = ${competences.id})`,
        ),
      )
      .orderBy(sql`${competences.name} collate nocase`),
  ]);
  if (!person) throw new NotFoundError("User not found");
  // The same rule as GET /matter/comment/{userId} (issue 26): the firm shows comments, and the
  // reader may read this person's; one's own card always shows one's own.
  const readsComments =
    ctx.actor.user.id === userId || (settings.enableDetailedViewComments && canReadMatterCommentsOf(ctx.actor.user, userId, settings));
  const matters = await userCardMatters(ctx, userId, readsComments);
  // The card's "today" is the person's (issue 16), not the reader's.
  const today = todayOfOffice(ctx.actor, person.officeId, ctx.now);
  const todayMs = today.getTime();
  const upcoming = <T extends { endDate: Date }>(rows: T[]) => rows.filter((row) => row.endDate.getTime() >= todayMs);
  const upcomingVacations = upcoming(vacationRows).map(toApiVacation);
  return {
    today: today.toISOString(),
    now: ctx.now.toISOString(),
    user: {
      _id: person.id,
      name: person.name || person.email,
      email: person.email,
      phone: person.phone,
      title: person.title,
      profilePicture: person.profilePicture,
      team: [person.groupName, person.officeName].filter(Boolean).join(" - "),
      secondaryTeam: [person.secondaryGroupName, person.secondaryOfficeName].filter(Boolean).join(" - "),
      currentWorkload: person.currentWorkload,
      onLeave: person.onLeave,
      away: person.onLeave || vacationRows.some((v) => v.startDate.getTime() <= todayMs && v.endDate.getTime() >= todayMs),
      message: settings.disableMessage ? "" : person.message,
      lastUpdated: person.lastUpdated?.toISOString() ?? null,
      startYear: person.startYear,
    },
    forecasts: upcoming(forecastRows).map(toApiForecast),
    vacations: upcomingVacations,
    projects: settings.disableProjects
      ? null
      : projectRows.map((p) => ({
          _id: p._id,
          name: p.name,
          startDate: p.startDate?.toISOString() ?? null,
          endDate: p.endDate?.toISOString() ?? null,
        })),
    competences: settings.disableCompetences
      ? null
      : skillRows.map((s) => ({
          _id: s._id,
          competenceId: s.competenceId,
          name: s.competenceName,
          category: s.categoryName,
          level: s.level,
          levelName: s.levelName,
        })),
    cvItems: cvRows,
    matters,
    mattersTimeperiod: settings.mattersTimeperiod,
    addableCompetences: settings.disableCompetences || !canChangeMembership(ctx.actor.user, userId, settings) ? null : addableRows,
  };
}
