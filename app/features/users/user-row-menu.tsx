import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import clsx from "clsx";
import { useOpenedOnMount } from "~/components/idle-module";
import { PortalInMain } from "~/components/portal-in-main";
import { RowMenuDots, ROW_MENU_BUTTON_CLASS, type RowMenuProps } from "./row-menu-parts";

/**
 * A users row's '…' menu (Headless UI). It takes the place of its stand-in button
 * (row-menu-button.tsx) when that is clicked, so it opens as it mounts, with the focus.
 */
export function RowMenu({ label, title, items }: RowMenuProps) {
  const button = useOpenedOnMount<HTMLButtonElement>();
  return (
    <PortalInMain>
      <Menu>
        <MenuButton ref={button} aria-label={label} title={title} className={clsx(ROW_MENU_BUTTON_CLASS, "data-open:bg-slate-100")}>
          <RowMenuDots />
        </MenuButton>
        {/* Not modal: a modal menu makes the rest of the page inert, heading and landmarks included. */}
        <MenuItems
          anchor="bottom end"
          modal={false}
          className="z-40 w-56 rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          {items.map((item) => (
            <MenuItem key={item.key}>
              <button
                type="button"
                onClick={item.onClick}
                className={clsx(
                  "block w-full px-4 py-2 text-left",
                  item.danger ? "text-red-700 data-focus:bg-red-50" : "text-slate-800 data-focus:bg-slate-100",
                )}
              >
                {item.label}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </PortalInMain>
  );
}
