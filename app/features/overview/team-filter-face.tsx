/**
 * What the team filter looks like in both of its forms: the look-alike button rendered first
 * (team-filter.tsx) and the Headless UI Listbox that replaces it (team-filter-listbox.tsx).
 */

/** The offices-and-groups multi-select's contents, worked out by the filter bar. */
export interface TeamFilterProps {
  /** The screen reader's name of the select. */
  label: string;
  /** What the button shows: the choice in words ("All offices, Tax & Finance"). */
  text: string;
  selectedKeys: string[];
  onChange: (next: string[]) => void;
  offices: OptionBlock;
  groups: OptionBlock;
}

interface OptionBlock {
  heading: string;
  all: { value: string; label: string } | null;
  items: { value: string; label: string; detail?: string | null }[];
}

export const TEAM_FILTER_BUTTON_CLASS =
  "flex w-full items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-left text-sm text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50";

/** The button's text and chevron, the same in the look-alike and the Listbox. */
export function TeamFilterButtonFace({ text }: { text: string }) {
  return (
    <>
      <span className="truncate">{text}</span>
      <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true">
        <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4" />
      </svg>
    </>
  );
}
