import { canOpenPlanner, isAdmin, isManager } from "~/auth/permissions";
import type { DomainContext } from "./context";
import { ForbiddenError } from "./errors";

/** Domain functions that change the company, its catalog or its people start with this. */
export function requireManager(ctx: DomainContext): void {
  if (!isManager(ctx.actor.user)) throw new ForbiddenError();
}

/** Domain functions that show the admin area (user lists, the company page) start with this. */
export function requireAdmin(ctx: DomainContext): void {
  if (!isAdmin(ctx.actor.user)) throw new ForbiddenError();
}

/** The planner and the company's forecasts (its page, GET /forecast, writes for others) start with this. */
export function requirePlanner(ctx: DomainContext): void {
  if (!canOpenPlanner(ctx.actor.user, ctx.actor.company.settings)) throw new ForbiddenError("The planner is turned off for this company.");
}
