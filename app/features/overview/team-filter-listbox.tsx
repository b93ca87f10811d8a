import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import clsx from "clsx";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { PortalInMain } from "~/components/portal-in-main";
import { TeamFilterButtonFace, TEAM_FILTER_BUTTON_CLASS, type TeamFilterProps } from "./team-filter-face";

/**
 * The filter bar's offices-and-groups multi-select: a Headless UI Listbox (about 42 KiB gzip),
 * loaded at idle or on the first click, in place of the look-alike button that the server
 * and the first client render show (team-filter.tsx, decision 0292). `openAtOnce` opens it as
 * it mounts (the click or key that came before its code); `focusAtOnce` gives its button the
 * focus the look-alike had.
 */
export function TeamFilterListbox({
  label,
  text,
  selectedKeys,
  onChange,
  offices,
  groups,
  openAtOnce = false,
  focusAtOnce = false,
}: TeamFilterProps & { openAtOnce?: boolean; focusAtOnce?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const first = useRef({ openAtOnce, focusAtOnce });
  useEffect(() => {
    if (first.current.focusAtOnce || first.current.openAtOnce) button.current?.focus({ preventScroll: true });
    // A click without a pointer type opens a Headless UI Listbox as a keyboard's Enter does.
    if (first.current.openAtOnce) button.current?.click();
  }, []);
  return (
    <PortalInMain>
      <Listbox value={selectedKeys} onChange={onChange} multiple>
        <div className="min-w-0 sm:w-72">
          <Label className="sr-only">{label}</Label>
          <ListboxButton ref={button} className={TEAM_FILTER_BUTTON_CLASS} data-testid="team-filter">
            <TeamFilterButtonFace text={text} />
          </ListboxButton>
        </div>
        {/* Not modal: the grid behind stays readable and updates with each pick. */}
        <ListboxOptions
          anchor={{ to: "bottom end", gap: 4 }}
          modal={false}
          className="z-40 max-h-80 w-(--button-width) min-w-64 overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <OptionGroup heading={offices.heading} all={offices.all} items={offices.items} />
          <OptionGroup heading={groups.heading} spaced all={groups.all} items={groups.items} />
        </ListboxOptions>
      </Listbox>
    </PortalInMain>
  );
}

/** One labelled block of the multi-select (offices, groups), with its 'All …' choice first when the caller may pick it. */
function OptionGroup({
  heading,
  all,
  items,
  spaced = false,
}: {
  heading: string;
  /** A block after another gets more room above its heading. */
  spaced?: boolean;
  all: { value: string; label: string } | null;
  items: { value: string; label: string; detail?: string | null }[];
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div
        id={id}
        role="presentation"
        className={clsx("px-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase", spaced ? "pt-3" : "pt-2")}
      >
        {heading}
      </div>
      {all ? <Option value={all.value}>{all.label}</Option> : null}
      {items.map((item) => (
        <Option key={item.value} value={item.value} detail={item.detail}>
          {item.label}
        </Option>
      ))}
    </div>
  );
}

function Option({ value, detail, children }: { value: string; detail?: string | null; children: ReactNode }) {
  return (
    <ListboxOption
      value={value}
      className="group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-slate-800 select-none data-focus:bg-brand-50"
    >
      <span
        className="flex h-4 w-4 shrink-0 items-center justify-center rounded border border-slate-300 bg-white group-data-selected:border-brand-600 group-data-selected:bg-brand-600"
        aria-hidden="true"
      >
        <svg viewBox="0 0 16 16" fill="none" stroke="white" strokeWidth={2.2} className="hidden h-3 w-3 group-data-selected:block">
          <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {detail ? <span className="shrink-0 truncate text-xs text-slate-500">{detail}</span> : null}
    </ListboxOption>
  );
}
