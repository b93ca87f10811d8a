import type { Actor } from "~/auth/actor.types";
import { isManager } from "~/auth/permissions";
import { domainCtx } from "~/domain/context";
import { listUserRows } from "~/domain/users/admin-users.server";
import { teamChoices } from "~/domain/users/team.server";
import type { LoadContext } from "~/env";
import { stepUpState } from "~/domain/identity/reauth.server";

/** What /users and /users/all load: the people, the team choices, and who is looking. */
export async function loadUsersPage(context: LoadContext, actor: Actor) {
  const ctx = domainCtx(context, actor);
  const [rows, choices] = await Promise.all([listUserRows(ctx), teamChoices(ctx)]);
  const me = actor.user;
  return {
    rows,
    choices,
    me: {
      id: me.id,
      admin: me.admin,
      administratorPriviliges: me.administratorPriviliges,
      companyAdmin: me.companyAdmin,
      groupId: me.groupId,
      officeId: me.officeId,
      secondaryGroupId: me.secondaryGroupId,
      secondaryOfficeId: me.secondaryOfficeId,
    },
    myTeam: me.groupId && me.officeId ? { groupId: me.groupId, officeId: me.officeId } : null,
    canInvite: isManager(me),
    canReadActivity: isManager(me),
    /** Erasing a person asks for the step-up (decision 0300). */
    stepUp: stepUpState(actor, ctx.now),
    features: { utilizationView: actor.company.settings.enableUtilizationView, detailedViewHours: actor.company.settings.enableDetailedViewHours },
    titleRanking: actor.company.settings.titleRanking,
  };
}
