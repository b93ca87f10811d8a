import type { RoleFlags } from "~/auth/permissions";
import { useT, type MessageKey } from "~/lib/i18n/i18n";

/** The key of a person's role's name ('Company admin', 'Admin', 'Observer'); null for employees. */
export function roleKey(user: RoleFlags): MessageKey | null {
  if (user.companyAdmin) return "users.role.companyAdmin";
  if (user.administratorPriviliges) return "users.role.admin";
  if (user.admin) return "users.role.observer";
  return null;
}

/**
 * A person's role in the reader's words, "" for employees. Its own small module: a page that
 * only names roles (the company page) does not load the people dialogs with it.
 */
export function useRoleLabel(): (user: RoleFlags) => string {
  const t = useT();
  return (user) => {
    const key = roleKey(user);
    return key ? t(key) : "";
  };
}
