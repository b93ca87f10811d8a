import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import type { FirmScope } from "../context";
import { groups, offices } from "~/db/schema";
import { ValidationError } from "../errors";

export const OFFICE_NOT_IN_GROUP = "Choose an office in the selected group.";

/**
 * Checks that a (group, office) pair exists in the company and that the office belongs to
 * the group; field errors are reported under `fields` (e.g. group/office or
 * secondaryGroup/secondaryOffice) with the use case's entity type.
 */
export async function checkTeam(
  db: Db,
  companyId: string,
  team: { groupId: string; officeId: string },
  entityType: string,
  fields: { group: string; office: string } = { group: "group", office: "office" },
) {
  const [[group], [office]] = await db.batch([
    db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, team.groupId), eq(groups.companyId, companyId)))
      .limit(1),
    db
      .select({ id: offices.id, groupId: offices.groupId })
      .from(offices)
      .where(and(eq(offices.id, team.officeId), eq(offices.companyId, companyId)))
      .limit(1),
  ]);
  if (!group) throw new ValidationError(entityType, { [fields.group]: "This group does not exist." });
  if (!office) throw new ValidationError(entityType, { [fields.office]: "This office does not exist." });
  if (office.groupId !== group.id) throw new ValidationError(entityType, { [fields.office]: OFFICE_NOT_IN_GROUP });
}

/** The company's groups with their offices, for the group-and-office selectors. */
export async function teamChoices({ db, companyId }: FirmScope) {
  const [groupRows, officeRows] = await db.batch([
    db.select({ _id: groups.id, name: groups.name }).from(groups).where(eq(groups.companyId, companyId)).orderBy(groups.name),
    db
      .select({ _id: offices.id, name: offices.name, group: offices.groupId })
      .from(offices)
      .where(eq(offices.companyId, companyId))
      .orderBy(offices.name),
  ]);
  return { groups: groupRows, offices: officeRows };
}
