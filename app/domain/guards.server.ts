import { isAdmin, isManager } from "~/auth/permissions";
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
