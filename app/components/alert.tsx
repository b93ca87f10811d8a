import clsx from "clsx";
import type { ReactNode } from "react";
import { useServerText } from "~/lib/i18n/i18n";

const TONES = {
  error: { role: "alert", box: "bg-red-50 text-red-700", text: "text-red-700" },
  success: { role: "status", box: "bg-green-50 font-medium text-green-800", text: "text-green-800" },
} as const;

/**
 * A message block under a form or in a dialog: an error is announced at once (role alert), a
 * success politely (status). `plain` leaves out the box (a line under a field or beside a
 * button); `small` is the extra-small text of a table cell or a dashboard card.
 */
export function Alert({
  id,
  message,
  tone = "error",
  role = TONES[tone].role,
  plain = false,
  small = false,
  className,
}: {
  id?: string;
  message?: ReactNode;
  tone?: keyof typeof TONES;
  /** A success that answers a button the reader just pressed may be announced at once too. */
  role?: "alert" | "status";
  plain?: boolean;
  small?: boolean;
  className?: string;
}) {
  const say = useServerText();
  if (!message) return null;
  const shape = plain ? TONES[tone].text : clsx("rounded-md px-3", small ? "py-1.5" : "py-2", TONES[tone].box);
  return (
    <p id={id} role={role} className={clsx(shape, small ? "text-xs" : "text-sm", className)}>
      {typeof message === "string" ? say(message) : message}
    </p>
  );
}
