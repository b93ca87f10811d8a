import clsx from "clsx";
import type { ButtonHTMLAttributes } from "react";

/**
 * An on/off switch (role="switch") named and described by text beside it: the settings page's
 * "Reminders on this device" and "Take my away days from Outlook".
 */
export function SwitchButton({
  on,
  labelledBy,
  describedBy,
  className,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "role" | "aria-checked"> & { on: boolean; labelledBy: string; describedBy?: string }) {
  return (
    <button
      type="button"
      {...button}
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={clsx(
        "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60",
        on ? "bg-brand-600" : "bg-slate-400",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", on ? "translate-x-6" : "translate-x-1")}
      />
    </button>
  );
}
