import type { AccessEntry } from "./access-matrix";

/**
 * Availability routes (workload, forecasts, vacations, work location, history). Paths with
 * a user id target the tenant's employee: the employee edits their own, and every admin
 * role may edit others' (the matrix tenant's planner is not view-only). Admins have no own
 * week, so the work-location route is the employee's alone. The company's forecasts are the
 * planner's, which the matrix tenant turns off for people without team overviews.
 */
const ALL = ["employee", "observer", "administrator", "companyAdmin"] as AccessEntry["roles"];
const ADMINS = ["observer", "administrator", "companyAdmin"] as AccessEntry["roles"];

const inAYear = () => `${new Date().getUTCFullYear() + 1}-06-02`;

export const availabilityEntries: AccessEntry[] = [
  { file: "api.v2.forecast.ts", method: "GET", path: () => "/api/v2/forecast", roles: ADMINS },
  { file: "api.v2.forecast.user.$userId.ts", method: "GET", path: (ids) => `/api/v2/forecast/user/${ids.userId}`, roles: ALL, scoped: true },
  {
    file: "api.v2.forecast.$userId.ts",
    method: "POST",
    path: (ids) => `/api/v2/forecast/${ids.userId}`,
    roles: ALL,
    scoped: true,
    body: () => ({ startDate: inAYear(), status: "1" }),
  },
  {
    file: "api.v2.forecast.$userId.$forecastId.ts",
    method: "PUT",
    path: (ids) => `/api/v2/forecast/${ids.userId}/${ids.forecastId}`,
    roles: ALL,
    scoped: true,
    body: () => ({ startDate: inAYear(), status: "2" }),
  },
  {
    file: "api.v2.forecast.$userId.$forecastId.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/forecast/${ids.userId}/${ids.deletableForecastId}`,
    roles: ALL,
    scoped: true,
  },
  {
    file: "api.v2.vacation.$userId.ts",
    method: "POST",
    path: (ids) => `/api/v2/vacation/${ids.userId}`,
    roles: ALL,
    scoped: true,
    body: () => ({ startDate: inAYear() }),
  },
  {
    file: "api.v2.vacation.$userId.$vacationId.ts",
    method: "PUT",
    path: (ids) => `/api/v2/vacation/${ids.userId}/${ids.vacationId}`,
    roles: ALL,
    scoped: true,
    body: () => ({ startDate: inAYear() }),
  },
  {
    file: "api.v2.vacation.$userId.$vacationId.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/vacation/${ids.userId}/${ids.deletableVacationId}`,
    roles: ALL,
    scoped: true,
  },
  { file: "api.v2.workload.$type.ts", method: "POST", path: () => "/api/v2/workload/current", roles: ALL, body: () => ({ workscale: 1 }) },
  { file: "api.v2.workload.message.ts", method: "PUT", path: () => "/api/v2/workload/message", roles: ALL, body: () => ({ message: "Matrix" }) },
  { file: "api.v2.workload.refresh.ts", method: "PUT", path: () => "/api/v2/workload/refresh", roles: ALL, body: () => ({}) },
  {
    file: "api.v2.workplace-forecast.$index.ts",
    method: "POST",
    path: () => "/api/v2/workplace-forecast/1",
    roles: ["employee"],
    body: () => ({ option: 1, future: true }),
  },
  // The employee changes their own profile; company admins and administrators (users administration) may too.
  {
    file: "api.v2.users.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/users/${ids.userId}`,
    roles: ["employee", "administrator", "companyAdmin"],
    scoped: true,
    body: () => ({ title: "Associate" }),
  },
  {
    file: "api.v2.users.$id.workload-history.ts",
    method: "GET",
    path: (ids) => `/api/v2/users/${ids.userId}/workload-history`,
    roles: ALL,
    scoped: true,
  },
  // Everyone: administrators get their offices' and groups' figures, everyone else their own.
  {
    file: "api.v2.statistic.ts",
    method: "POST",
    path: () => "/api/v2/statistic",
    roles: ALL,
    body: (ids) => ({ offices: [ids.officeId], groups: [ids.groupId] }),
  },
  {
    file: "api.v2.workload-history.$scope.$id.$days.ts",
    method: "GET",
    path: (ids) => `/api/v2/workload-history/group/${ids.groupId}/30`,
    roles: ADMINS,
    scoped: true,
  },
  {
    file: "api.v2.workplace-history.$scope.$id.$days.ts",
    method: "GET",
    path: (ids) => `/api/v2/workplace-history/office/${ids.officeId}/30`,
    roles: ADMINS,
    scoped: true,
  },
];
