import { getInputProps } from "@conform-to/react";
import clsx from "clsx";
import type { InputHTMLAttributes, ReactNode } from "react";

export function Field({
  label,
  errors,
  id,
  trailing,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string; errors?: string[]; trailing?: ReactNode }) {
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={clsx(
            "block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm",
            invalid ? "ring-red-400 focus:ring-red-500" : "ring-slate-300 focus:ring-brand-500",
            trailing && "pr-20",
          )}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
      </div>
      {invalid ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}

type InputOptions = Parameters<typeof getInputProps>[1];

/** conform's input props without `key`, which React does not allow inside a spread. */
export function inputProps(meta: Parameters<typeof getInputProps>[0], options: InputOptions) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...props } = getInputProps(meta, options);
  return { ...props, errors: meta.errors };
}
