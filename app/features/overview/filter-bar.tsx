import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import clsx from "clsx";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { SearchInput, SEARCH_DEBOUNCE_MS } from "~/components/search-input";
import { ALL, toggleSelection, type Selection } from "~/domain/users/overview-query";
import type { FilterOptions } from "~/domain/users/overview.types";
import { PortalInMain } from "~/components/portal-in-main";
import { officeWithGroup } from "~/lib/office-name";
import { useT } from "~/lib/i18n/i18n";

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
        <PortalInMain>
          <Listbox value={selectedKeys} onChange={change} multiple>
            <div className="min-w-0 sm:w-72">
              <Label className="sr-only">{t("filter.label")}</Label>
              <ListboxButton
                className="flex w-full items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-left text-sm text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
                data-testid="team-filter"
              >
                <span className="truncate">{parts.length ? parts.join(", ") : t("filter.choose")}</span>
                <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true">
                  <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4" />
                </svg>
              </ListboxButton>
            </div>
            {/* Not modal: the grid behind stays readable and updates with each pick. */}
            <ListboxOptions
              anchor={{ to: "bottom end", gap: 4 }}
              modal={false}
              className="z-40 max-h-80 w-(--button-width) min-w-64 overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
            >
              <OptionGroup
                heading={t("filter.offices")}
                all={options.allOffices ? { value: key("office", ALL), label: t("filter.allOffices") } : null}
                items={options.offices.map((office) => ({ value: key("office", office._id), label: office.name, detail: office.groupName }))}
              />
              <OptionGroup
                heading={t("filter.groups")}
                spaced
                all={options.allGroups ? { value: key("group", ALL), label: t("filter.allGroups") } : null}
                items={options.groups.map((group) => ({ value: key("group", group._id), label: group.name }))}
              />
            </ListboxOptions>
          </Listbox>
        </PortalInMain>
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

/** One labelled block of the multi-select (offices, groups), with its 'All …' choice first when the caller may pick it. */
function OptionGroup({
  heading,
  all,
  items,
  spaced = false,
}: {
  heading: string;
  /** A block after another gets more room above its heading. */
  spaced?: boolean;
  all: { value: string; label: string } | null;
  items: { value: string; label: string; detail?: string | null }[];
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div
        id={id}
        role="presentation"
        className={clsx("px-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase", spaced ? "pt-3" : "pt-2")}
      >
        {heading}
      </div>
      {all ? <Option value={all.value}>{all.label}</Option> : null}
      {items.map((item) => (
        <Option key={item.value} value={item.value} detail={item.detail}>
          {item.label}
        </Option>
      ))}
    </div>
  );
}

function Option({ value, detail, children }: { value: string; detail?: string | null; children: ReactNode }) {
  return (
    <ListboxOption
      value={value}
      className="group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-slate-800 select-none data-focus:bg-brand-50"
    >
      <span
        className="flex h-4 w-4 shrink-0 items-center justify-center rounded border border-slate-300 bg-white group-data-selected:border-brand-600 group-data-selected:bg-brand-600"
        aria-hidden="true"
      >
        <svg viewBox="0 0 16 16" fill="none" stroke="white" strokeWidth={2.2} className="hidden h-3 w-3 group-data-selected:block">
          <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {detail ? <span className="shrink-0 truncate text-xs text-slate-500">{detail}</span> : null}
    </ListboxOption>
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
