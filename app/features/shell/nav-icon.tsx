import type { NavLink } from "~/auth/permissions";
import { Icon } from "~/components/icon";

/** The side bar's and top bar's icons: one per navigation link, and sign out. */
export function NavIcon({ name, className = "h-5 w-5" }: { name: NavLink["icon"] | "logout"; className?: string }) {
  return <Icon name={name} className={className} />;
}
