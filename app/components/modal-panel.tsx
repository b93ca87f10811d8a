import { CloseButton, Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useT } from "~/lib/i18n/i18n";

/**
 * The product's modal: a titled white panel over a dimmed page. Headless UI traps focus
 * inside, closes on Escape and outside clicks, and gives focus back to the opener. Put an
 * `autoFocus` (or `data-autofocus`) on the first field so typing can start at once.
 * The children mount only while the dialog is open, so their state starts fresh each time.
 * Where Headless UI's hand-back leaves the focus on the page's body (issue 27, item 10: the
 * dashboard's forecast editor closed with Escape), it goes to the opener here, or to the
 * button of the menu the opener was an item of.
 */
export function ModalPanel({
  open,
  onClose,
  title,
  description,
  children,
  panelClassName = "max-w-md",
  zIndex = 50,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Width of the panel, e.g. "max-w-[600px]" for the forecast editor. */
  panelClassName?: string;
  zIndex?: number;
}) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  useOpenerFocus(open, panel);
  // Closed within its enter transition (a keyboard's Enter then Escape), Headless UI 2.2 leaves
  // the panel mounted, invisible, over the page, catching every click (headlessui#3892). So
  // the dialog leaves the page once its leave transition has had its time, whatever its state.
  const [leaving, setLeaving] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setLeaving(!open);
  }
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setLeaving(false), LEAVE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);
  if (!open && !leaving) return null;
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0" style={{ zIndex }}>
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 ease-out data-closed:opacity-0" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
          <DialogPanel
            ref={panel}
            transition
            className={`w-full ${panelClassName} rounded-xl bg-white shadow-xl ring-1 ring-slate-200 transition duration-150 ease-out data-closed:translate-y-2 data-closed:opacity-0`}
          >
            <div className="flex items-start justify-between gap-4 px-5 pt-5">
              <div className="min-w-0">
                <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
                {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
              </div>
              <CloseButton aria-label={t("common.close")} className="-m-1.5 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700">
                <svg
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  className="h-5 w-5"
                  aria-hidden="true"
                >
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </CloseButton>
            </div>
            <div className="px-5 pt-4 pb-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** How long after closing the focus may still be on its way back (the panel's leave transition is 150 ms). */
const HAND_BACK_MS = 1000;
/**
 * After this long a closed dialog leaves the page (ModalPanel) and counts as gone here: closed
 * within its enter transition (a keyboard's Enter then Escape), Headless UI left the hidden
 * panel mounted over the page and never handed the focus back (headlessui#3892).
 */
const LEAVE_MS = 300;

/**
 * Remembers what had the focus when the dialog opened (read while rendering the opening: the
 * dialog's own effects move the focus before ours run) and, once the dialog is gone, puts the
 * focus back there if nothing else took it: when it closes, or when its parent unmounts it
 * open (the dashboard's lazily loaded forecast editor, which Headless UI does not hand back).
 */
function useOpenerFocus(open: boolean, panel: RefObject<HTMLDivElement | null>) {
  const opener = useRef<Opener | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined") {
    const element = document.activeElement;
    opener.current = element instanceof HTMLElement && element !== document.body ? { element, again: findAgain(element) } : null;
  }
  wasOpen.current = open;
  useEffect(() => {
    const saved = opener.current;
    if (open || !saved) return;
    opener.current = null;
    return handBack(saved, panel);
  }, [open, panel]);
  useEffect(
    () => () => {
      if (opener.current) handBack(opener.current, panel);
    },
    [panel],
  );
}

interface Opener {
  element: HTMLElement;
  /** A selector for the opener when it was replaced (findAgain). */
  again: string | null;
}

/** Watches for a while: when the dialog is gone and the focus left on the page's body, the opener gets it. */
function handBack(saved: Opener, panel: RefObject<HTMLDivElement | null>): () => void {
  const closedAt = Date.now();
  const until = closedAt + HAND_BACK_MS;
  let frame = 0;
  const check = () => {
    const active = document.activeElement;
    const handedBack = active && active !== document.body;
    if (handedBack && !panel.current?.contains(active)) return;
    const gone = !panel.current?.isConnected || Date.now() >= closedAt + LEAVE_MS;
    if (!handedBack && gone) {
      const target = saved.element.isConnected ? saved.element : saved.again ? document.querySelector<HTMLElement>(saved.again) : null;
      target?.focus();
      return;
    }
    if (Date.now() < until) frame = requestAnimationFrame(check);
  };
  frame = requestAnimationFrame(check);
  return () => cancelAnimationFrame(frame);
}

/**
 * How to find the opener again when it was replaced while the dialog was open: a menu item
 * by its menu's button, anything else by its id or its accessible label.
 */
function findAgain(element: HTMLElement): string | null {
  const menuButton = element.closest('[role="menu"]')?.getAttribute("aria-labelledby");
  if (menuButton) return `#${CSS.escape(menuButton)}`;
  if (element.id) return `#${CSS.escape(element.id)}`;
  const label = element.getAttribute("aria-label");
  return label ? `${element.tagName.toLowerCase()}[aria-label="${CSS.escape(label)}"]` : null;
}
