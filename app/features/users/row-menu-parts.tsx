/** What a users row's '…' menu and its stand-in share (row-menu-button.tsx, user-row-menu.tsx). */

/** A users row's '…' menu: its button's label and title, and its items in order. */
export interface RowMenuProps {
  label: string;
  title: string;
  items: { key: string; label: string; onClick: () => void; danger?: boolean }[];
}

export const ROW_MENU_BUTTON_CLASS = "rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800";

export function RowMenuDots() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className="h-4 w-4" aria-hidden="true">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
