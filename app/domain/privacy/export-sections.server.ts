import { and, asc, eq, gt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client";
import type { MessageKey } from "~/lib/i18n/i18n";
import {
  auditLog,
  calendarFeeds,
  competences,
  cvItems,
  emailChangeTokens,
  forecasts,
  matterComments,
  matterManagers,
  matterTimeEntries,
  matters,
  notificationTokens,
  passkeys,
  projectMembers,
  projectTimeReports,
  projects,
  sessions,
  skillLevels,
  statusMessages,
  totpFactors,
  updateReminders,
  usageEvents,
  userSkills,
  userWeekHours,
  users,
  vacations,
  workloadEntries,
  workloadHistory,
  workplaceHistory,
  workplacePlans,
} from "~/db/schema";

/** One person of one firm: every section reads only their rows. */
export interface ExportOwner {
  companyId: string;
  userId: string;
}

export type ExportRow = Record<string, unknown>;

/**
 * One part of "Download my data" (decision 0300): a sheet of the workbook and a list in the
 * JSON. `page` reads at most `limit` of the person's rows after `after` (the last row's key),
 * in key order, and says the key of its last row. Secrets never leave: password hashes, TOTP
 * secrets, recovery codes, passkeys' keys, push tokens, session and link ids are not selected.
 */
export interface ExportSection {
  name: string;
  /** The workbook sheet's title, in the catalogs (31 characters at most in every language). */
  sheet: MessageKey;
  page: (db: Db, owner: ExportOwner, after: string | null, limit: number) => Promise<{ rows: ExportRow[]; last: string | null }>;
}

/** Reads a page by a text key: the row's key is `__key` in the query and left out of the rows. */
async function byKey(
  query: (after: SQL | undefined, limit: number) => Promise<(ExportRow & { __key: unknown })[]>,
  key: SQLiteColumn,
  after: string | null,
  limit: number,
  numeric = false,
): Promise<{ rows: ExportRow[]; last: string | null }> {
  const found = await query(after === null ? undefined : gt(key, numeric ? Number(after) : after), limit);
  const last = found.length > 0 ? String(found[found.length - 1]!.__key) : null;
  return { rows: found.map(({ __key: _key, ...row }) => row), last };
}

const own = (table: { companyId: SQLiteColumn; userId: SQLiteColumn }, owner: ExportOwner) =>
  and(eq(table.companyId, owner.companyId), eq(table.userId, owner.userId));

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    name: "profile",
    sheet: "workbook.data.sheet.profile",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: users.id,
              id: users.id,
              email: users.email,
              name: users.name,
              title: users.title,
              phone: users.phone,
              groupId: users.groupId,
              officeId: users.officeId,
              secondaryGroupId: users.secondaryGroupId,
              secondaryOfficeId: users.secondaryOfficeId,
              companyAdmin: users.companyAdmin,
              admin: users.admin,
              administratorPriviliges: users.administratorPriviliges,
              external: users.external,
              currentWorkload: users.currentWorkload,
              futureWorkload: users.futureWorkload,
              workloadForecastDate: users.workloadForecastDate,
              message: users.message,
              onLeave: users.onLeave,
              atHome: users.atHome,
              startYear: users.startYear,
              updateReminders: users.updateReminders,
              lastUpdated: users.lastUpdated,
              timekeeperNumber: users.timekeeperNumber,
              utilizationTargetHours: users.utilizationTargetHours,
              hasProfilePicture: users.profilePicture,
              invitedAt: users.invitedAt,
              createdAt: users.createdAt,
              updatedAt: users.updatedAt,
            })
            .from(users)
            .where(and(eq(users.companyId, owner.companyId), eq(users.id, owner.userId), next))
            .limit(n)
            .then((rows) => rows.map((row) => ({ ...row, hasProfilePicture: row.hasProfilePicture !== null }))),
        users.id,
        after,
        limit,
      ),
  },
  {
    name: "forecasts",
    sheet: "workbook.data.sheet.forecasts",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: forecasts.id,
              id: forecasts.id,
              startDate: forecasts.startDate,
              endDate: forecasts.endDate,
              status: forecasts.status,
              comment: forecasts.comment,
              externalSource: forecasts.externalSource,
              createdAt: forecasts.createdAt,
              updatedAt: forecasts.updatedAt,
            })
            .from(forecasts)
            .where(and(own(forecasts, owner), next))
            .orderBy(asc(forecasts.id))
            .limit(n),
        forecasts.id,
        after,
        limit,
      ),
  },
  {
    name: "absences",
    sheet: "workbook.data.sheet.absences",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: vacations.id,
              id: vacations.id,
              startDate: vacations.startDate,
              endDate: vacations.endDate,
              createdAt: vacations.createdAt,
            })
            .from(vacations)
            .where(and(own(vacations, owner), next))
            .orderBy(asc(vacations.id))
            .limit(n),
        vacations.id,
        after,
        limit,
      ),
  },
  {
    name: "workloadEntries",
    sheet: "workbook.data.sheet.workloadEntries",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: workloadEntries.id,
              type: workloadEntries.type,
              workscale: workloadEntries.workscale,
              source: workloadEntries.source,
              createdAt: workloadEntries.createdAt,
            })
            .from(workloadEntries)
            .where(and(own(workloadEntries, owner), next))
            .orderBy(asc(workloadEntries.id))
            .limit(n),
        workloadEntries.id,
        after,
        limit,
      ),
  },
  {
    name: "workloadHistory",
    sheet: "workbook.data.sheet.workloadHistory",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: workloadHistory.id,
              recordedAt: workloadHistory.recordedAt,
              day: workloadHistory.day,
              currentWorkload: workloadHistory.currentWorkload,
              futureWorkload: workloadHistory.futureWorkload,
              onLeave: workloadHistory.onLeave,
              source: workloadHistory.source,
            })
            .from(workloadHistory)
            .where(and(own(workloadHistory, owner), next))
            .orderBy(asc(workloadHistory.id))
            .limit(n),
        workloadHistory.id,
        after,
        limit,
      ),
  },
  {
    name: "statusMessages",
    sheet: "workbook.data.sheet.statusMessages",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: statusMessages.id, message: statusMessages.message, source: statusMessages.source, createdAt: statusMessages.createdAt })
            .from(statusMessages)
            .where(and(own(statusMessages, owner), next))
            .orderBy(asc(statusMessages.id))
            .limit(n),
        statusMessages.id,
        after,
        limit,
      ),
  },
  {
    name: "locationPlans",
    sheet: "workbook.data.sheet.locationPlans",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: workplacePlans.id,
              kind: workplacePlans.kind,
              key: workplacePlans.key,
              option: workplacePlans.option,
              updatedAt: workplacePlans.updatedAt,
            })
            .from(workplacePlans)
            .where(and(own(workplacePlans, owner), next))
            .orderBy(asc(workplacePlans.id))
            .limit(n),
        workplacePlans.id,
        after,
        limit,
      ),
  },
  {
    name: "locationHistory",
    sheet: "workbook.data.sheet.locationHistory",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: workplaceHistory.id,
              kind: workplaceHistory.kind,
              key: workplaceHistory.key,
              option: workplaceHistory.option,
              source: workplaceHistory.source,
              recordedAt: workplaceHistory.recordedAt,
            })
            .from(workplaceHistory)
            .where(and(own(workplaceHistory, owner), next))
            .orderBy(asc(workplaceHistory.id))
            .limit(n),
        workplaceHistory.id,
        after,
        limit,
      ),
  },
  {
    name: "competences",
    sheet: "workbook.data.sheet.competences",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: userSkills.id, competence: competences.name, level: skillLevels.name, createdAt: userSkills.createdAt })
            .from(userSkills)
            .innerJoin(competences, eq(competences.id, userSkills.competenceId))
            .leftJoin(skillLevels, eq(skillLevels.id, userSkills.levelId))
            .where(and(own(userSkills, owner), next))
            .orderBy(asc(userSkills.id))
            .limit(n),
        userSkills.id,
        after,
        limit,
      ),
  },
  {
    name: "cvItems",
    sheet: "workbook.data.sheet.cvItems",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: cvItems.id, title: cvItems.title, source: cvItems.source, createdAt: cvItems.createdAt })
            .from(cvItems)
            .where(and(own(cvItems, owner), next))
            .orderBy(asc(cvItems.id))
            .limit(n),
        cvItems.id,
        after,
        limit,
      ),
  },
  {
    name: "projects",
    sheet: "workbook.data.sheet.projects",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: projectMembers.id, projectId: projects.id, project: projects.name, memberSince: projectMembers.createdAt })
            .from(projectMembers)
            .innerJoin(projects, eq(projects.id, projectMembers.projectId))
            .where(and(own(projectMembers, owner), next))
            .orderBy(asc(projectMembers.id))
            .limit(n),
        projectMembers.id,
        after,
        limit,
      ),
  },
  {
    name: "projectHours",
    sheet: "workbook.data.sheet.projectHours",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: projectTimeReports.id,
              project: projects.name,
              date: projectTimeReports.date,
              hours: projectTimeReports.hours,
              createdAt: projectTimeReports.createdAt,
            })
            .from(projectTimeReports)
            .innerJoin(projects, eq(projects.id, projectTimeReports.projectId))
            .where(and(own(projectTimeReports, owner), next))
            .orderBy(asc(projectTimeReports.id))
            .limit(n),
        projectTimeReports.id,
        after,
        limit,
      ),
  },
  {
    name: "matterHours",
    sheet: "workbook.data.sheet.matterHours",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: matterTimeEntries.id,
              matter: matters.number,
              date: matterTimeEntries.date,
              hours: matterTimeEntries.hours,
              billable: matterTimeEntries.billable,
            })
            .from(matterTimeEntries)
            .innerJoin(matters, eq(matters.id, matterTimeEntries.matterId))
            .where(and(own(matterTimeEntries, owner), next))
            .orderBy(asc(matterTimeEntries.id))
            .limit(n),
        matterTimeEntries.id,
        after,
        limit,
      ),
  },
  {
    name: "weeklyHours",
    sheet: "workbook.data.sheet.weeklyHours",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: userWeekHours.weekStart,
              weekStart: userWeekHours.weekStart,
              billableHours: userWeekHours.billableHours,
              totalHours: userWeekHours.totalHours,
            })
            .from(userWeekHours)
            .where(and(own(userWeekHours, owner), next))
            .orderBy(asc(userWeekHours.weekStart))
            .limit(n)
            .then((rows) => rows.map((row) => ({ ...row, weekStart: new Date(row.weekStart) }))),
        userWeekHours.weekStart,
        after,
        limit,
        true,
      ),
  },
  {
    name: "comments",
    sheet: "workbook.data.sheet.comments",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: matterComments.id,
              matter: matterComments.matterNumber,
              comment: matterComments.comment,
              updatedAt: matterComments.updatedAt,
            })
            .from(matterComments)
            .where(and(own(matterComments, owner), next))
            .orderBy(asc(matterComments.id))
            .limit(n),
        matterComments.id,
        after,
        limit,
      ),
  },
  {
    name: "managedMatters",
    sheet: "workbook.data.sheet.managedMatters",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: matterManagers.id, matter: matterManagers.matterNumber, createdAt: matterManagers.createdAt })
            .from(matterManagers)
            .where(and(own(matterManagers, owner), next))
            .orderBy(asc(matterManagers.id))
            .limit(n),
        matterManagers.id,
        after,
        limit,
      ),
  },
  {
    name: "sessions",
    sheet: "workbook.data.sheet.sessions",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: sessions.id,
              device: sessions.userAgent,
              signedInAt: sessions.createdAt,
              lastSeenAt: sessions.lastSeenAt,
              expiresAt: sessions.expiresAt,
              revokedAt: sessions.revokedAt,
            })
            .from(sessions)
            .where(and(own(sessions, owner), next))
            .orderBy(asc(sessions.id))
            .limit(n),
        sessions.id,
        after,
        limit,
      ),
  },
  {
    name: "passkeys",
    sheet: "workbook.data.sheet.passkeys",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
            .from(passkeys)
            .where(and(own(passkeys, owner), next))
            .orderBy(asc(passkeys.id))
            .limit(n),
        passkeys.id,
        after,
        limit,
      ),
  },
  {
    name: "authenticatorApp",
    sheet: "workbook.data.sheet.authenticatorApp",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: totpFactors.userId, createdAt: totpFactors.createdAt, confirmedAt: totpFactors.confirmedAt })
            .from(totpFactors)
            .where(and(own(totpFactors, owner), next))
            .limit(n),
        totpFactors.userId,
        after,
        limit,
      ),
  },
  {
    name: "appTokens",
    sheet: "workbook.data.sheet.appTokens",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: notificationTokens.id, tokenType: notificationTokens.tokenType, createdAt: notificationTokens.createdAt })
            .from(notificationTokens)
            .where(and(own(notificationTokens, owner), next))
            .orderBy(asc(notificationTokens.id))
            .limit(n),
        notificationTokens.id,
        after,
        limit,
      ),
  },
  {
    name: "calendarFeeds",
    sheet: "workbook.data.sheet.calendarFeeds",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: calendarFeeds.id, kind: calendarFeeds.kind, createdAt: calendarFeeds.createdAt })
            .from(calendarFeeds)
            .where(and(own(calendarFeeds, owner), next))
            .orderBy(asc(calendarFeeds.id))
            .limit(n),
        calendarFeeds.id,
        after,
        limit,
      ),
  },
  {
    name: "emailChanges",
    sheet: "workbook.data.sheet.emailChanges",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: emailChangeTokens.id,
              newEmail: emailChangeTokens.newEmail,
              createdAt: emailChangeTokens.createdAt,
              expiresAt: emailChangeTokens.expiresAt,
              usedAt: emailChangeTokens.usedAt,
            })
            .from(emailChangeTokens)
            .where(and(own(emailChangeTokens, owner), next))
            .orderBy(asc(emailChangeTokens.id))
            .limit(n),
        emailChangeTokens.id,
        after,
        limit,
      ),
  },
  {
    name: "updateReminders",
    sheet: "workbook.data.sheet.updateReminders",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: updateReminders.id,
              sentAt: updateReminders.sentAt,
              answeredAt: updateReminders.answeredAt,
              answer: updateReminders.answer,
            })
            .from(updateReminders)
            .where(and(own(updateReminders, owner), next))
            .orderBy(asc(updateReminders.id))
            .limit(n),
        updateReminders.id,
        after,
        limit,
      ),
  },
  {
    name: "usage",
    sheet: "workbook.data.sheet.usage",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({ __key: usageEvents.id, event: usageEvents.event, source: usageEvents.source, createdAt: usageEvents.createdAt })
            .from(usageEvents)
            .where(and(eq(usageEvents.companyId, owner.companyId), eq(usageEvents.userId, owner.userId), next))
            .orderBy(asc(usageEvents.id))
            .limit(n),
        usageEvents.id,
        after,
        limit,
      ),
  },
  {
    name: "audit",
    sheet: "workbook.data.sheet.audit",
    page: (db, owner, after, limit) =>
      byKey(
        (next, n) =>
          db
            .select({
              __key: auditLog.id,
              at: auditLog.createdAt,
              byThisPerson: eq(auditLog.actorId, owner.userId),
              action: auditLog.action,
              entityType: auditLog.entityType,
              entityId: auditLog.entityId,
              data: auditLog.data,
            })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.companyId, owner.companyId),
                or(eq(auditLog.actorId, owner.userId), and(eq(auditLog.entityType, "user"), eq(auditLog.entityId, owner.userId))),
                next,
              ),
            )
            .orderBy(asc(auditLog.id))
            .limit(n)
            .then((rows) => rows.map((row) => ({ ...row, byThisPerson: Boolean(row.byThisPerson) }))),
        auditLog.id,
        after,
        limit,
      ),
  },
];
