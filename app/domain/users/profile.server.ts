import { and, eq } from "drizzle-orm";
import { inJsonList } from "~/db/json-list";
import type { Db } from "~/db/client";
import { users, type User } from "~/db/schema";
import type { CompanySettings } from "../company/settings.schema";
import type { DomainContext, FirmScope } from "../context";
import { NotFoundError } from "../errors";
import type { BatchResponse } from "drizzle-orm/batch";
import type { SessionScope } from "~/auth/session.server";
import { ownPlansQuery, weeksFromPlans, workplaceWeeks, type WorkplaceWeek } from "../workplace/workplace-week.server";
import { teamNameColumns, withTeamNames } from "~/db/team-names";

export interface NamedRef {
  _id: string;
  name: string;
}

/** A user as the API contract names it (the spec's User entity). */
export interface ApiUser extends WorkplaceWeek {
  _id: string;
  name: string;
  title: string;
  email: string;
  phone: string | null;
  company: string;
  group: NamedRef | null;
  office: NamedRef | null;
  secondaryGroup: NamedRef | null;
  secondaryOffice: NamedRef | null;
  completed: boolean;
  companyAdmin: boolean;
  admin: boolean;
  administratorPriviliges: boolean;
  external: boolean;
  profilePicture: string | null;
  message: { message: string };
  currentWorkload: number | null;
  futureWorkload: number | null;
  workloadForecastDate: string | null;
  onLeave: boolean;
  atHome: boolean;
  pinned: boolean;
  startYear: number | null;
  updateReminders: number;
  lastUpdated: string | null;
  utilizationViewOthersPriviliges: boolean;
  detailedViewPriviliges: boolean;
  detailedViewHoursPriviliges: boolean;
  canSeeForecastOverview: boolean;
}

export interface ApiMe extends ApiUser {
  companyName: string;
  settings: CompanySettings;
}

/** Users of the caller's company with their group and office names, in one query. */
export async function loadApiUsers(scope: FirmScope, ids: string[], today: Date): Promise<ApiUser[]> {
  const { db, companyId } = scope;
  if (ids.length === 0) return [];
  const rows = await withTeamNames(
    db
      .select({ user: users, ...teamNameColumns })
      .from(users)
      .$dynamic(),
  ).where(and(eq(users.companyId, companyId), inJsonList(users.id, ids)));
  const weeks = await workplaceWeeks(
    scope,
    rows.map((r) => r.user.id),
    today,
  );
  return rows.map((r) => toApiUser(r.user, r, weeks.get(r.user.id)!));
}

/** Who a person is, as every User answer starts (the full one here, the invite's in sign-up). */
export function userIdentity(user: User) {
  return { _id: user.id, name: user.name, title: user.title, email: user.email, phone: user.phone, company: user.companyId };
}

function toApiUser(
  user: User,
  refs: { group: NamedRef | null; office: NamedRef | null; secondaryGroup: NamedRef | null; secondaryOffice: NamedRef | null },
  week: WorkplaceWeek,
): ApiUser {
  return {
    ...userIdentity(user),
    group: refs.group,
    office: refs.office,
    secondaryGroup: refs.secondaryGroup,
    secondaryOffice: refs.secondaryOffice,
    completed: user.completed,
    companyAdmin: user.companyAdmin,
    admin: user.admin,
    administratorPriviliges: user.administratorPriviliges,
    external: user.external,
    profilePicture: user.profilePicture,
    message: { message: user.message },
    currentWorkload: user.currentWorkload,
    futureWorkload: user.futureWorkload,
    workloadForecastDate: user.workloadForecastDate?.toISOString() ?? null,
    onLeave: user.onLeave,
    atHome: user.atHome,
    pinned: user.pinned,
    startYear: user.startYear,
    updateReminders: user.updateReminders,
    lastUpdated: user.lastUpdated?.toISOString() ?? null,
    utilizationViewOthersPriviliges: user.utilizationViewOthersPriviliges,
    detailedViewPriviliges: user.detailedViewPriviliges,
    detailedViewHoursPriviliges: user.detailedViewHoursPriviliges,
    canSeeForecastOverview: user.canSeeForecastOverview,
    ...week,
  };
}

export async function requireUserEntity(ctx: DomainContext, userId: string): Promise<ApiUser> {
  const [user] = await loadApiUsers(ctx, [userId], ctx.today);
  if (!user) throw new NotFoundError("User not found");
  return user;
}

/** The signed-in person: the session lookup already read the person and their teams, so only the week is read here. */
/** What users/me reads beside the session, riding in its batch (rideSession): the person's plans. */
export function meRider(db: Db, scope: SessionScope) {
  return [ownPlansQuery(db, scope)] as const;
}

/** The signed-in person; `ridden`: the rows of meRider when they came with the session, else read here. */
export async function getMe(ctx: DomainContext, ridden?: BatchResponse<ReturnType<typeof meRider>>): Promise<ApiMe> {
  const { user, refs } = ctx.actor;
  if (!refs) return { ...(await requireUserEntity(ctx, user.id)), companyName: ctx.actor.company.name, settings: ctx.actor.company.settings };
  const week = ridden
    ? weeksFromPlans(ridden[0], [user.id], ctx.today).get(user.id)!
    : (await workplaceWeeks(ctx, [user.id], ctx.today)).get(user.id)!;
  return toApiMe(ctx, week);
}

/** ApiMe from the session's person and a workplace week the caller read (alone or in a batch). */
export function toApiMe(ctx: DomainContext, week: WorkplaceWeek): ApiMe {
  const { user, refs } = ctx.actor;
  const none = { group: null, office: null, secondaryGroup: null, secondaryOffice: null };
  return { ...toApiUser(user, refs ?? none, week), companyName: ctx.actor.company.name, settings: ctx.actor.company.settings };
}

/** 'group - office', or what there is of it. */
export function teamLabel(user: Pick<ApiUser, "group" | "office">): string {
  return [user.group?.name, user.office?.name].filter(Boolean).join(" - ");
}
