import { roleRank } from "~/auth/permissions";
import type { UserRow } from "~/domain/users/admin-users.types";
import { officeWithGroup } from "~/lib/office-name";

/**
 * The /users/all table: labels, search and sorting. Pure, so the page and the tests use the
 * same rules. Default order: name ascending. The e-mail header cycles through e-mail
 * ascending, e-mail descending, domain ascending, domain descending.
 */
export type TableUser = Pick<UserRow, "_id" | "name" | "title" | "email" | "completed" | "admin" | "administratorPriviliges" | "companyAdmin"> &
  Record<"group" | "office" | "secondaryGroup" | "secondaryOffice", { name: string } | null>;

export type SortKey = "name" | "title" | "email" | "domain" | "admin" | "group" | "office" | "status";
export interface Sort {
  key: SortKey;
  dir: "asc" | "desc";
}
export const DEFAULT_SORT: Sort = { key: "name", dir: "asc" };

/** The word for a person without a group or office: English by default (sorting), the reader's on the page. */
function pairLabel(primary: { name: string } | null, secondary: { name: string } | null, notAssigned = "Not assigned"): string {
  if (!primary) return secondary ? `${notAssigned} (+ ${secondary.name})` : notAssigned;
  return secondary ? `${primary.name} (+ ${secondary.name})` : primary.name;
}

/** 'Primary (+ Secondary)', 'Not assigned' when none, '-' for company administrators. */
export function groupLabel(user: TableUser, notAssigned?: string): string {
  return user.companyAdmin ? "-" : pairLabel(user.group, user.secondaryGroup, notAssigned);
}

/** Each office with its group beside it: 'Stockholm (Corporate & M&A) (+ Stockholm (Disputes))' (issue 27, item 7). */
export function officeLabel(user: TableUser, notAssigned?: string): string {
  const named = (office: { name: string } | null, group: { name: string } | null) => office && { name: officeWithGroup(office.name, group?.name) };
  return user.companyAdmin ? "-" : pairLabel(named(user.office, user.group), named(user.secondaryOffice, user.secondaryGroup), notAssigned);
}

export function statusLabel(user: Pick<TableUser, "completed"> & { erased?: boolean }): "Active" | "Pending" | "Erased" {
  if (user.erased) return "Erased";
  return user.completed ? "Active" : "Pending";
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}

/** Name or e-mail, and the group and office names (primary and secondary). */
export function matchesUser(user: TableUser, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [user.name, user.email, user.group?.name, user.office?.name, user.secondaryGroup?.name, user.secondaryOffice?.name].some((text) =>
    text?.toLowerCase().includes(needle),
  );
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function sortValue(user: TableUser, key: SortKey): string | number {
  switch (key) {
    // People who have not signed up may have no name yet: they come first, shown as '—'.
    case "name":
      return user.name;
    case "title":
      return user.title;
    case "email":
      return user.email;
    case "domain":
      return emailDomain(user.email);
    // Highest role first when ascending: the admins are what one looks for.
    case "admin":
      return -roleRank(user);
    case "group":
      return groupLabel(user);
    case "office":
      return officeLabel(user);
    case "status":
      return statusLabel(user);
  }
}

/**
 * Titles in the firm's order (most senior first), then the rest alphabetically; with no
 * ranking, plain alphabetical. Case and spacing do not matter ("partner " is "Partner").
 */
export function titleComparator(ranking: readonly string[]) {
  const rank = new Map(ranking.map((title, index) => [title.trim().toLowerCase(), index]));
  const rankOf = (title: string) => rank.get(title.trim().toLowerCase()) ?? ranking.length;
  return (a: string, b: string) => rankOf(a) - rankOf(b) || collator.compare(a, b);
}

export function sortUsers<T extends TableUser>(list: T[], sort: Sort, titleRanking: readonly string[] = []): T[] {
  const factor = sort.dir === "asc" ? 1 : -1;
  const byTitle = titleComparator(titleRanking);
  return [...list].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    const primary =
      sort.key === "title"
        ? byTitle(a.title, b.title)
        : typeof x === "number" && typeof y === "number"
          ? x - y
          : collator.compare(String(x), String(y));
    // Ties keep a stable, readable order: by name, then e-mail.
    return primary * factor || collator.compare(a.name || a.email, b.name || b.email) || collator.compare(a.email, b.email);
  });
}

const SORT_KEYS: readonly SortKey[] = ["name", "title", "email", "domain", "admin", "group", "office", "status"];

/** The order named in the address (`?sort=email&dir=desc`); the default for anything else. */
export function parseSort(params: URLSearchParams): Sort {
  const key = params.get("sort") as SortKey | null;
  const dir = params.get("dir");
  if (!key || !SORT_KEYS.includes(key)) return DEFAULT_SORT;
  return { key, dir: dir === "desc" ? "desc" : "asc" };
}

/** The address of an order: the server sorts by it for the first render and without JavaScript. */
export function sortSearch(sort: Sort): string {
  return `?sort=${sort.key}&dir=${sort.dir}`;
}

/** The next order after clicking a column header. */
export function nextSort(current: Sort, column: Exclude<SortKey, "domain">): Sort {
  if (column === "email") {
    const cycle: Sort[] = [
      { key: "email", dir: "asc" },
      { key: "email", dir: "desc" },
      { key: "domain", dir: "asc" },
      { key: "domain", dir: "desc" },
    ];
    const index = cycle.findIndex((step) => step.key === current.key && step.dir === current.dir);
    return cycle[(index + 1) % cycle.length];
  }
  if (current.key === column) return { key: column, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key: column, dir: "asc" };
}
