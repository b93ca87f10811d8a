import { useEffect, useRef, useState } from "react";
import { idleModule } from "~/components/idle-module";
import { ClearParentButton, PARENT_BUTTON_CLASS, ParentButtonContent, type CategoryOption } from "./parent-select-parts";

export type { CategoryOption };

const useListboxModule = idleModule(() => import("./parent-listbox"));

/**
 * The grouped, clearable 'Parent category' dropdown (spec: planning.md, settings form):
 * categories grouped by their parent, each option 'parent - name' with a count badge of its
 * competences, and a clear button. The choice travels as a hidden input; empty clears it.
 * The dropdown (Headless UI, parent-listbox.tsx) is not in the page's first load (decision
 * 0292): a button that looks the same stands in its place, on the server and in the browser
 * alike, while its code is fetched when the page is idle. The first click (or Enter, Space, an
 * arrow key) puts the dropdown in its place and opens it, at once when the code is here, else
 * when it arrives.
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
  const [value, setValue] = useState<string | null>(defaultValue ?? null);
  const [module, load] = useListboxModule();
  const [wanted, setWanted] = useState(false);
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
  const selected = value ? byId.get(value) : undefined;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <input ref={hidden} type="hidden" name={name} value={value ?? ""} />
      {module && wanted ? (
        <module.ParentListbox
          id={id}
          label={label}
          categories={categories}
          value={value}
          onChange={setValue}
          errorId={invalid ? errorId : undefined}
          invalid={invalid}
          disabled={disabled}
        />
      ) : (
        <>
          <label htmlFor={id} className="block text-sm font-medium text-slate-700">
            {label}
          </label>
          <div className="relative mt-1 flex items-center gap-2">
            <button
              type="button"
              id={id}
              aria-haspopup="listbox"
              aria-expanded={false}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              disabled={disabled}
              data-disabled={disabled || undefined}
              className={PARENT_BUTTON_CLASS}
              onClick={() => {
                setWanted(true);
                load();
              }}
              onKeyDown={(event) => {
                if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
                event.preventDefault();
                setWanted(true);
                load();
              }}
            >
              <ParentButtonContent selected={selected} byId={byId} />
            </button>
            {selected && !disabled ? <ClearParentButton label={label} onClear={() => setValue(null)} /> : null}
          </div>
        </>
      )}
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
