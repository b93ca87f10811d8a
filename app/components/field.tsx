import clsx from "clsx";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useServerText } from "~/lib/i18n/i18n";

/** What a control inside a FieldFrame carries: its id and its link to the error line. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A label, the control, and the first error under it, linked for screen readers: the one
 * frame of every form field (Field, SelectField).
 */
export function FieldFrame({
  id,
  label,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  className?: string;
  children: (control: FieldControl, invalid: boolean) => ReactNode;
}) {
  const say = useServerText();
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, "aria-invalid": invalid || undefined, "aria-describedby": invalid ? errorId : undefined }, invalid)}
      {invalid ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {say(errors![0])}
        </p>
      ) : null}
    </div>
  );
}

export function Field({
  label,
  errors,
  id,
  trailing,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string; errors?: string[]; trailing?: ReactNode }) {
  return (
    <FieldFrame id={id} label={label} errors={errors} className={className}>
      {(control, invalid) => (
        <div className="relative mt-1">
          <input
            {...control}
            className={clsx(
              "block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm",
              invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500",
              trailing && "pr-20",
              "read-only:bg-slate-50 read-only:text-slate-600",
            )}
            {...input}
          />
          {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
        </div>
      )}
    </FieldFrame>
  );
}
