import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { useId, type ReactNode } from "react";
import { useOpenedOnMount } from "~/components/idle-module";
import { useT } from "~/lib/i18n/i18n";
import { ClearParentButton, CountBadge, optionLabel, PARENT_BUTTON_CLASS, ParentButtonContent, type CategoryOption } from "./parent-select-parts";

/**
 * The 'Parent category' dropdown itself (Headless UI). It takes the place of its stand-in in
 * parent-select.tsx when that is clicked, so it opens as it mounts, with the focus.
 */
export function ParentListbox({
  id,
  label,
  categories,
  value,
  onChange,
  errorId,
  invalid,
  disabled,
}: {
  id: string;
  label: string;
  categories: CategoryOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  errorId: string | undefined;
  invalid: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const button = useOpenedOnMount<HTMLButtonElement>();
  const byId = new Map(categories.map((c) => [c._id, c]));
  const groups = new Map<string, CategoryOption[]>();
  for (const category of categories) {
    const parent = category.parentId ? (byId.get(category.parentId)?.name ?? t("competences.parent.other")) : t("competences.parent.topLevel");
    groups.set(parent, [...(groups.get(parent) ?? []), category]);
  }
  const selected = value ? byId.get(value) : undefined;
  return (
    <Listbox value={value} onChange={onChange} disabled={disabled}>
      <Label className="block text-sm font-medium text-slate-700">{label}</Label>
      <div className="relative mt-1 flex items-center gap-2">
        <ListboxButton ref={button} id={id} aria-invalid={invalid || undefined} aria-describedby={errorId} className={PARENT_BUTTON_CLASS}>
          <ParentButtonContent selected={selected} byId={byId} />
        </ListboxButton>
        {selected && !disabled ? <ClearParentButton label={label} onClear={() => onChange(null)} /> : null}
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
