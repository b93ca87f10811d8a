import clsx from "clsx";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";

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

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

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
