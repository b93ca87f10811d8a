import { users } from "~/db/schema";

/** The columns of a person as the team views show them (card, list row, planner row). */
export const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  title: users.title,
  profilePicture: users.profilePicture,
  currentWorkload: users.currentWorkload,
  onLeave: users.onLeave,
};

/** The role flags, for the permission predicates of app/auth/permissions.ts. */
export const roleColumns = {
  admin: users.admin,
  administratorPriviliges: users.administratorPriviliges,
  companyAdmin: users.companyAdmin,
};
