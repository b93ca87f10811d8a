import { useState } from "react";
import { idleModule } from "~/components/idle-module";
import { RowMenuDots, ROW_MENU_BUTTON_CLASS, type RowMenuProps } from "./row-menu-parts";

const useRowMenuModule = idleModule(() => import("./user-row-menu"));

/**
 * The row's '…' menu without Headless UI in the page's first load (decision 0292): a button
 * that looks the same stands in its place, on the server and in the browser alike, while the
 * menu's code is fetched when the page is idle. The first click (or Enter, Space, an arrow
 * key) puts the menu in its place and opens it, at once when the code is here, else when it
 * arrives. The button stays until then so that nothing on the page changes under the reader.
 */
export function RowMenuButton(props: RowMenuProps) {
  const [module, load] = useRowMenuModule();
  const [wanted, setWanted] = useState(false);
  if (module && wanted) return <module.RowMenu {...props} />;
  const open = () => {
    setWanted(true);
    load();
  };
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={props.label}
      title={props.title}
      className={ROW_MENU_BUTTON_CLASS}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
        event.preventDefault();
        open();
      }}
    >
      <RowMenuDots />
    </button>
  );
}
