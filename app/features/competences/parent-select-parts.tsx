import { useT } from "~/lib/i18n/i18n";

/** What the 'Parent category' dropdown (parent-listbox.tsx) and its stand-in (parent-select.tsx) share. */
export interface CategoryOption {
  _id: string;
  name: string;
  parentId: string | null;
  count: number;
}

/** An option's label: 'parent - name' for a sub-category, the name for a top-level one. */
export function optionLabel(category: CategoryOption, byId: Map<string, CategoryOption>) {
  const parent = category.parentId ? byId.get(category.parentId) : undefined;
  return parent ? `${parent.name} - ${category.name}` : category.name;
}

/** A category's number of competences, as a badge (read out as 'n competences'). */
export function CountBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums group-data-selected:bg-brand-100">
      {count}
      <span className="sr-only"> {t("competences.countNoun", { count })}</span>
    </span>
  );
}

export const PARENT_BUTTON_CLASS =
  "flex w-full min-w-0 items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-left text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none data-disabled:bg-slate-50 data-disabled:text-slate-500";

/** The dropdown button's content: the choice (or 'None'), its count and the chevron. */
export function ParentButtonContent({ selected, byId }: { selected: CategoryOption | undefined; byId: Map<string, CategoryOption> }) {
  const t = useT();
  return (
    <>
      <span className="truncate">{selected ? optionLabel(selected, byId) : t("competences.parent.none")}</span>
      <span className="flex shrink-0 items-center gap-2">
        {selected ? <CountBadge count={selected.count} /> : null}
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-slate-500" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4" />
        </svg>
      </span>
    </>
  );
}

/** The clear button beside the dropdown (shown while a category is chosen). */
export function ClearParentButton({ label, onClear }: { label: string; onClear: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClear}
      aria-label={t("competences.parent.clear", { label: label.toLowerCase() })}
      title={t("competences.parent.clear", { label: label.toLowerCase() })}
      className="shrink-0 rounded-md p-2 text-slate-500 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-800"
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="h-4 w-4" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
