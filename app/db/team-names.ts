import { eq } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import { groups, offices, users } from "./schema";

const secondaryGroups = alias(groups, "secondary_groups");
const secondaryOffices = alias(offices, "secondary_offices");

/** The names of a person's teams, as the API shows them ({_id, name} or null), to spread into a select. */
export const teamNameColumns = {
  group: { _id: groups.id, name: groups.name },
  office: { _id: offices.id, name: offices.name },
  secondaryGroup: { _id: secondaryGroups.id, name: secondaryGroups.name },
  secondaryOffice: { _id: secondaryOffices.id, name: secondaryOffices.name },
};

/**
 * Joins what teamNameColumns reads onto a select from users (`.$dynamic()`). Left joins:
 * each name is null when the person has no such team, so callers type them `| null`.
 */
export function withTeamNames<T extends SQLiteSelect>(query: T): T {
  return query
    .leftJoin(groups, eq(groups.id, users.groupId))
    .leftJoin(offices, eq(offices.id, users.officeId))
    .leftJoin(secondaryGroups, eq(secondaryGroups.id, users.secondaryGroupId))
    .leftJoin(secondaryOffices, eq(secondaryOffices.id, users.secondaryOfficeId)) as unknown as T;
}
