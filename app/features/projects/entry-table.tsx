import clsx from "clsx";
import type { ReactNode } from "react";
import { DialogButton, RowIconButton } from "~/components/list-block";
import { ConfirmForm } from "~/components/confirm-form";
import { Hidden } from "~/components/hidden-fields";
import { useT } from "~/lib/i18n/i18n";

/** A column of an entry table: its header text and the classes its cells share (padding, alignment, when it shows). */
export interface EntryColumn {
  label: string;
  className: string;
}

/**
 * A project's list of entries (hours, invoices) in its card: the heading with what goes
 * beside it (a total, an add button), then the line shown when there are none, or a table
 * that scrolls sideways on a narrow screen with its header row and, for editors, an Actions
 * column (its cells: `EntryActions`).
 */
export function EntryTable({
  id,
  title,
  aside,
  columns,
  count,
  empty,
  editable,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  columns: EntryColumn[];
  count: number;
  empty: string;
  editable: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex min-h-14 items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <h2 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
          {title} ({count})
        </h2>
        {aside}
      </div>
      {count === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column.label} className={clsx("py-2 font-medium", column.className)}>
                    {column.label}
                  </th>
                ))}
                {editable ? (
                  <th className="py-2 pr-2 sm:pr-4">
                    <span className="sr-only">{t("projects.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A row's cell in the Actions column: its edit button (opening `form` in a dialog) and its
 * delete button (a confirmation posting `intent` with `values`).
 */
export function EntryActions({
  edit,
  remove,
}: {
  edit: { title: string; label: string; form: (close: () => void) => ReactNode };
  remove: { title: string; label: string; question: string; intent: string; confirmation: string; values: Record<string, string> };
}) {
  return (
    <td className="py-1 pr-2 text-right whitespace-nowrap sm:pr-4">
      <DialogButton title={edit.title} button={(open) => <RowIconButton label={edit.label} icon="edit" onClick={open} />}>
        {edit.form}
      </DialogButton>
      <DialogButton title={remove.title} button={(open) => <RowIconButton label={remove.label} icon="trash" onClick={open} />}>
        {(close) => (
          <ConfirmForm intent={remove.intent} onClose={close} confirmation={remove.confirmation}>
            <Hidden values={remove.values} />
            <p className="text-sm text-slate-700">{remove.question}</p>
          </ConfirmForm>
        )}
      </DialogButton>
    </td>
  );
}
