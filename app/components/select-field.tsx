import clsx from "clsx";
import type { SelectHTMLAttributes } from "react";
import { FieldFrame } from "~/components/field";

/** A labelled native select with the same look and error line as Field. */
export function SelectField({
  label,
  id,
  errors,
  options,
  placeholder,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  id: string;
  errors?: string[];
  options: { value: string; label: string }[];
  placeholder?: string;
}) {
  return (
    <FieldFrame id={id} label={label} errors={errors} className={className}>
      {(control, invalid) => (
        <select
          {...control}
          className={clsx(
            "mt-1 block w-full rounded-md border-0 bg-white py-2 pr-8 pl-3 text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:ring-inset focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm",
            invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500",
          )}
          {...select}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** The 'group in office' pair: offices offered are those of the chosen group. */
export interface TeamChoices {
  groups: { _id: string; name: string }[];
  offices: { _id: string; name: string; group: string }[];
}

export function officesOf(choices: TeamChoices, groupId: string) {
  return choices.offices.filter((office) => office.group === groupId);
}
