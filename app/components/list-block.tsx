/** The pieces of the company pages' lists, used wherever a list of things is searched and edited: the card, search matching and highlighting, dialog and row buttons. */
import { Icon } from "./icon";
import clsx from "clsx";
import { Fragment, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./dialog";
import { useT } from "~/lib/i18n/i18n";

/** Lists on the company pages: a white card with a heading, an optional action and rows. */
export function ListBlock({
  title,
  action,
  empty,
  children,
  className,
}: {
  title: string;
  action?: ReactNode;
  empty: string;
  children: ReactNode[];
  className?: string;
}) {
  const id = `list-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={clsx("min-w-0 rounded-xl bg-white shadow-sm ring-1 ring-slate-200", className)}>
      <div className="flex min-h-14 items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <h2 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children.length ? <ul className="divide-y divide-slate-100">{children}</ul> : <p className="px-4 py-3 text-sm text-slate-500">{empty}</p>}
    </section>
  );
}

/** True when the search text is empty or found in any of the texts, ignoring case. */
export function matchesSearch(query: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = query.trim().toLowerCase();
  return needle === "" || texts.some((text) => text?.toLowerCase().includes(needle));
}

/** The text with every occurrence of the search text in bold. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const needle = query.trim();
  if (!needle) return <>{text}</>;
  const parts = text.split(new RegExp(`(${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})`, "i"));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <strong key={index} className="font-bold text-slate-950">
            {part}
          </strong>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A button that opens a dialog; `children` renders the dialog's content with its close function. */
export function DialogButton({
  title,
  description,
  button,
  children,
  panelClassName,
}: {
  title: string;
  description?: ReactNode;
  button: (open: () => void) => ReactNode;
  children: (close: () => void) => ReactNode;
  /** Width of the dialog, e.g. "max-w-2xl" for a long form. */
  panelClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {button(() => setOpen(true))}
      <Modal open={open} onClose={close} title={title} description={description} panelClassName={panelClassName}>
        {children(close)}
      </Modal>
    </>
  );
}

/** The small 'Add' button of a list heading; `what` names it for screen readers. */
export function AddButton({ what, onClick }: { what: string; onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="secondary" onClick={onClick} className="px-3 py-1.5">
      <Icon name="plus" />
      {t("common.add")}
      <span className="sr-only"> {what}</span>
    </Button>
  );
}

/** An icon-only button of a list row, named for screen readers and on hover. */
export function RowIconButton({ label, icon, onClick }: { label: string; icon: "edit" | "trash"; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={clsx("rounded-md p-2 text-slate-500 hover:bg-slate-100", icon === "trash" ? "hover:text-red-700" : "hover:text-slate-800")}
    >
      <Icon name={icon} />
    </button>
  );
}
