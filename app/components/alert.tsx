import clsx from "clsx";
import type { ReactNode } from "react";

const TONES = {
  error: { role: "alert", className: "bg-red-50 text-red-700" },
  success: { role: "status", className: "bg-green-50 font-medium text-green-800" },
} as const;

/** A message block under a form or in a dialog: an error is announced at once (role alert), a success politely (status). */
export function Alert({
  id,
  message,
  tone = "error",
  role = TONES[tone].role,
  className,
}: {
  id?: string;
  message?: ReactNode;
  tone?: keyof typeof TONES;
  /** A success that answers a button the reader just pressed may be announced at once too. */
  role?: "alert" | "status";
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role={role} className={clsx("rounded-md px-3 py-2 text-sm", TONES[tone].className, className)}>
      {message}
    </p>
  );
}
