import { useEffect, type RefObject } from "react";

/**
 * While `open`, a pointer pressed outside `root` calls `close` (a tap elsewhere closes a
 * popover, a menu or a calendar: a tapped button need not take the focus, so blur alone is
 * not enough).
 */
export function useOutsidePointer(open: boolean, root: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, root, close]);
}
