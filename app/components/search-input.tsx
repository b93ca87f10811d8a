import type { InputHTMLAttributes } from "react";
import { useT } from "~/lib/i18n/i18n";
import { Icon } from "./icon";

/**
 * How long a search that asks the server waits for a pause in typing: the spec's default
 * debounce (accounts-and-admin.md, "default debounce 500 ms"). Lists filtered in the browser
 * answer at once.
 */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A list's search box: a magnifier, no visible label (the accessible name says what it
 * searches), filtering as one types. Controlled through `value` and `onChange` (the typed
 * text), or left to its form with `name` and `defaultValue`; other input attributes pass through.
 */
export function SearchInput({
  onChange,
  label,
  className = "mt-6 max-w-md",
  placeholder,
  ...input
}: {
  onChange?: (value: string) => void;
  label: string;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "className" | "type" | "aria-label">) {
  const t = useT();
  return (
    <div className={`relative ${className}`}>
      <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
        <Icon name="search" />
      </span>
      <input
        type="search"
        {...input}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        placeholder={placeholder ?? t("common.search")}
        aria-label={label}
        className="block w-full rounded-md border-0 bg-white py-2 pr-3 pl-9 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset sm:text-sm"
      />
    </div>
  );
}
