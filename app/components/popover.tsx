import clsx from "clsx";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { useOutsidePointer } from "~/components/use-outside-pointer";

/**
 * A button with a panel below it: opens on click, closes on Escape (focus back on the
 * button), on a click outside, or when the content calls `close`. Small on purpose: the
 * dashboard's first load carries no dialog library.
 */
export function Popover({
  label,
  buttonClassName,
  panelClassName,
  className,
  testId,
  children,
}: {
  label: ReactNode;
  buttonClassName?: string;
  panelClassName?: string;
  className?: string;
  testId?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useOutsidePointer(
    open,
    root,
    useCallback(() => setOpen(false), []),
  );

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      ref={root}
      className={clsx("relative", className)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={buttonClassName}
        data-testid={testId}
      >
        {label}
      </button>
      {open ? (
        <div
          id={panelId}
          className={clsx("absolute top-full left-0 z-40 mt-2 rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200", panelClassName)}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
