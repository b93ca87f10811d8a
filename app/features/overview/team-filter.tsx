import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { whenIdle } from "~/components/idle-module";
import { useAfterFirstPaint } from "~/lib/use-after-first-paint";
import type { TeamFilterListbox } from "./team-filter-listbox";
import { TEAM_FILTER_BUTTON_CLASS, TeamFilterButtonFace, type TeamFilterProps } from "./team-filter-face";

export type { TeamFilterProps };

// Headless UI (about 42 KiB gzip) loads when the page is idle, not with it (decision 0292).
let loaded: typeof TeamFilterListbox | null = null;
let loading: Promise<typeof TeamFilterListbox> | null = null;

/** Fetches the Listbox's code once; after a failure the next call tries again. */
function loadListbox() {
  loading ??= import("./team-filter-listbox").then(
    (module) => (loaded = module.TeamFilterListbox),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The filter bar's offices-and-groups multi-select. The server and the hydrating render show
 * a look-alike of the collapsed Listbox button (a plain button with the same face, name and
 * aria attributes); the Headless UI Listbox takes its place once its code has loaded at idle.
 * A click, Enter, Space or arrow key on the look-alike before then opens the Listbox as soon
 * as it is there; the focus moves over with it.
 */
export function TeamFilter(props: TeamFilterProps) {
  const afterFirstPaint = useAfterFirstPaint();
  // A later mount (a client navigation) with the code already here shows the Listbox at once.
  const [swap, setSwap] = useState<{ Listbox: typeof TeamFilterListbox; focus: boolean } | null>(() =>
    afterFirstPaint && loaded ? { Listbox: loaded, focus: false } : null,
  );
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const lookAlike = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (swap) return;
    let live = true;
    // The Listbox's button takes over the focus if the look-alike has it.
    const show = (Listbox: typeof TeamFilterListbox) => live && setSwap({ Listbox, focus: document.activeElement === lookAlike.current });
    if (loaded) {
      show(loaded);
      return;
    }
    const cancel = whenIdle(() => void loadListbox().then(show, () => undefined));
    return () => {
      live = false;
      cancel();
    };
  }, [swap]);

  if (swap) return <swap.Listbox {...props} openAtOnce={openAtOnce} focusAtOnce={swap.focus} />;

  const open = () => {
    setOpenAtOnce(true);
    loadListbox().then(
      (Listbox) => setSwap({ Listbox, focus: true }),
      () => setOpenAtOnce(false),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // A collapsed Listbox button opens on the arrow keys too (Enter and Space click it).
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    open();
  };
  return (
    <div className="min-w-0 sm:w-72">
      <div className="sr-only" id={labelId}>
        {props.label}
      </div>
      <button
        ref={lookAlike}
        id={buttonId}
        type="button"
        aria-haspopup="listbox"
        aria-expanded="false"
        aria-labelledby={`${labelId} ${buttonId}`}
        className={TEAM_FILTER_BUTTON_CLASS}
        data-testid="team-filter"
        onClick={open}
        onKeyDown={onKeyDown}
      >
        <TeamFilterButtonFace text={props.text} />
      </button>
    </div>
  );
}
