import { useEffect, useRef, useState, type ReactNode } from "react";
import { SearchInput, SEARCH_DEBOUNCE_MS } from "~/components/search-input";
import { ALL, toggleSelection, type Selection } from "~/domain/users/overview-query";
import type { FilterOptions } from "~/domain/users/overview.types";
import { officeWithGroup } from "~/lib/office-name";
import { useT } from "~/lib/i18n/i18n";
import { TeamFilter } from "./team-filter";

type Kind = "office" | "group";
const key = (kind: Kind, id: string) => `${kind}:${id}`;

function keysOf(offices: Selection, groups: Selection): string[] {
  return [
    ...(offices === ALL ? [key("office", ALL)] : offices.map((id) => key("office", id))),
    ...(groups === ALL ? [key("group", ALL)] : groups.map((id) => key("group", id))),
  ];
}

/** What the button says of one kind's choice: all of them, the one chosen, or how many ("3 offices"). */
function summary(selection: Selection, names: Map<string, string>, all: string, count: (n: number) => string): string | null {
  if (selection === ALL) return all;
  if (selection.length === 0) return null;
  if (selection.length === 1) return names.get(selection[0]) ?? count(1);
  return count(selection.length);
}

/**
 * The filter bar (spec: planning.md, "Filter bar"): a search box, a grouped multi-select of
 * offices and groups with 'All offices' / 'All groups', and a side slot. 'All …' is
 * exclusive of the other options of its type. Shows 'No office selected' / 'No group
 * selected' when a type has nothing picked.
 */
export function FilterBar({
  term,
  offices,
  groups,
  options,
  onTermChange,
  onSelectionChange,
  side,
  searchLabel,
}: {
  term: string;
  offices: Selection;
  groups: Selection;
  options: FilterOptions;
  onTermChange: (term: string) => void;
  onSelectionChange: (next: { offices: Selection; groups: Selection }) => void;
  side?: ReactNode;
  /** What the search box searches (the spec: 'Search name or title' for people, 'Search name or client' for matters). */
  searchLabel?: string;
}) {
  const t = useT();
  const officeNames = new Map(options.offices.map((o) => [o._id, officeWithGroup(o.name, o.groupName)]));
  const groupNames = new Map(options.groups.map((g) => [g._id, g.name]));
  const selectedKeys = keysOf(offices, groups);

  const change = (next: string[]) => {
    const added = next.find((k) => !selectedKeys.includes(k));
    const removed = selectedKeys.find((k) => !next.includes(k));
    const picked = added ?? removed;
    if (!picked) return;
    const [kind, id] = picked.split(/:(.*)/s) as [Kind, string];
    onSelectionChange(kind === "office" ? { offices: toggleSelection(offices, id), groups } : { offices, groups: toggleSelection(groups, id) });
  };

  const parts = [
    summary(offices, officeNames, t("filter.allOffices"), (count) => t("filter.officeCount", { count })),
    summary(groups, groupNames, t("filter.allGroups"), (count) => t("filter.groupCount", { count })),
  ].filter(Boolean);
  const noOffice = offices !== ALL && offices.length === 0;
  const noGroup = groups !== ALL && groups.length === 0;

  return (
    <div className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end sm:gap-3">
        <div className="min-w-0 flex-1 sm:min-w-64">
          <SearchBox value={term} onChange={onTermChange} label={searchLabel ?? t("overview.searchTitle")} />
        </div>
        <TeamFilter
          label={t("filter.label")}
          text={parts.length ? parts.join(", ") : t("filter.choose")}
          selectedKeys={selectedKeys}
          onChange={change}
          offices={{
            heading: t("filter.offices"),
            all: options.allOffices ? { value: key("office", ALL), label: t("filter.allOffices") } : null,
            items: options.offices.map((office) => ({ value: key("office", office._id), label: office.name, detail: office.groupName })),
          }}
          groups={{
            heading: t("filter.groups"),
            all: options.allGroups ? { value: key("group", ALL), label: t("filter.allGroups") } : null,
            items: options.groups.map((group) => ({ value: key("group", group._id), label: group.name })),
          }}
        />
        {side}
      </div>
      {noOffice || noGroup ? (
        <div role="status" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-amber-800">
          {noOffice ? <p>{t("filter.noOffice")}</p> : null}
          {noGroup ? <p>{t("filter.noGroup")}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Types freely; tells the page after a short pause, so a word is one request, not one per letter. */
function SearchBox({ value, onChange, label }: { value: string; onChange: (term: string) => void; label: string }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sent = useRef(value);
  const latest = useRef(onChange);
  latest.current = onChange;

  // A restored or reset filter replaces what the box shows, unless the person is still typing.
  useEffect(() => {
    if (value !== sent.current && !timer.current) setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const schedule = (next: string) => {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      sent.current = next.trim();
      latest.current(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };

  return <SearchInput value={text} onChange={schedule} label={label} placeholder={label} autoComplete="off" maxLength={100} className="" />;
}
