import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useT } from "~/lib/i18n/i18n";

export interface CategoryOption {
  _id: string;
  name: string;
  parentId: string | null;
  count: number;
}

/** An option's label: 'parent - name' for a sub-category, the name for a top-level one. */
function optionLabel(category: CategoryOption, byId: Map<string, CategoryOption>) {
  const parent = category.parentId ? byId.get(category.parentId) : undefined;
  return parent ? `${parent.name} - ${category.name}` : category.name;
}

/** A category's number of competences, as a badge (read out as 'n competences'). */
function CountBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums group-data-selected:bg-brand-100">
      {count}
      <span className="sr-only"> {t("competences.countNoun", { count })}</span>
    </span>
  );
}

/**
 * The grouped, clearable 'Parent category' dropdown (spec: planning.md, settings form):
 * categories grouped by their parent, each option 'parent - name' with a count badge of its
 * competences, and a clear button. The choice travels as a hidden input; empty clears it.
 */
export function ParentSelect({
  id,
  name,
  label,
  categories,
  defaultValue,
  errors,
  disabled = false,
}: {
  id: string;
  name: string;
  label: string;
  categories: CategoryOption[];
  defaultValue?: string | null;
  errors?: string[];
  disabled?: boolean;
}) {
  const t = useT();
  const [value, setValue] = useState<string | null>(defaultValue ?? null);
  // The form's Discard (a reset) brings the saved category back, as it does for the inputs.
  const hidden = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = hidden.current?.form;
    if (!form) return;
    const reset = () => setValue(defaultValue ?? null);
    form.addEventListener("reset", reset);
    return () => form.removeEventListener("reset", reset);
  }, [defaultValue]);
  const byId = new Map(categories.map((c) => [c._id, c]));
  const groups = new Map<string, CategoryOption[]>();
  for (const category of categories) {
    const parent = category.parentId ? (byId.get(category.parentId)?.name ?? t("competences.parent.other")) : t("competences.parent.topLevel");
    groups.set(parent, [...(groups.get(parent) ?? []), category]);
  }
  const selected = value ? byId.get(value) : undefined;
  const errorId = `${id}-error`;
  return (
    <div>
      <input ref={hidden} type="hidden" name={name} value={value ?? ""} />
      <Listbox value={value} onChange={setValue} disabled={disabled}>
        <Label className="block text-sm font-medium text-slate-700">{label}</Label>
        <div className="relative mt-1 flex items-center gap-2">
          <ListboxButton
            id={id}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
            className="flex w-full min-w-0 items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-left text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none data-disabled:bg-slate-50 data-disabled:text-slate-500"
          >
            <span className="truncate">{selected ? optionLabel(selected, byId) : t("competences.parent.none")}</span>
            <span className="flex shrink-0 items-center gap-2">
              {selected ? <CountBadge count={selected.count} /> : null}
              <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-slate-500" aria-hidden="true">
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4" />
              </svg>
            </span>
          </ListboxButton>
          {selected && !disabled ? (
            <button
              type="button"
              onClick={() => setValue(null)}
              aria-label={t("competences.parent.clear", { label: label.toLowerCase() })}
              title={t("competences.parent.clear", { label: label.toLowerCase() })}
              className="shrink-0 rounded-md p-2 text-slate-500 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-800"
            >
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" className="h-4 w-4" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          ) : null}
          <ListboxOptions className="absolute top-full left-0 z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none">
            {categories.length === 0 ? <p className="px-2 py-1.5 text-slate-500">{t("competences.parent.noCategories")}</p> : null}
            {[...groups].map(([parent, options]) => (
              <CategoryGroup key={parent} heading={parent}>
                {options.map((category) => (
                  <ListboxOption
                    key={category._id}
                    value={category._id}
                    className="group flex cursor-default items-center justify-between gap-2 rounded-md px-2 py-1.5 text-slate-800 select-none data-focus:bg-brand-50 data-selected:font-medium"
                  >
                    <span className="min-w-0 truncate">{optionLabel(category, byId)}</span>
                    <CountBadge count={category.count} />
                  </ListboxOption>
                ))}
              </CategoryGroup>
            ))}
          </ListboxOptions>
        </div>
      </Listbox>
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** One parent's block of options, labelled by the parent's name. */
function CategoryGroup({ heading, children }: { heading: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <div id={headingId} role="presentation" className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {heading}
      </div>
      {children}
    </div>
  );
}
