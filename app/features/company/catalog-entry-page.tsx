import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { Button } from "~/components/button";
import { DialogButton } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { DeleteButton } from "~/components/confirm-form";

/**
 * The page of one entry of the company's catalog (/groups/{id}, /offices/{id}): a way back,
 * the entry's kind and name, its details, and for managers an edit and a delete dialog;
 * what lies under the entry (a group's offices) follows as children.
 */
export function CatalogEntryPage({
  kind,
  name,
  back,
  details,
  canManage,
  edit,
  remove,
  children,
}: {
  /** "Group", "Office in North": the line above the name. */
  kind: string;
  name: string;
  back: { to: string; label: string };
  details?: ReactNode;
  canManage: boolean;
  edit: { title: string; buttonLabel: string; form: (close: () => void) => ReactNode };
  /** The delete dialog: its intent and what the manager should know before confirming. */
  remove: { title: string; intent: string; warning: ReactNode };
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <Link to={back.to} className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline">
        <Icon name="back" />
        {back.label}
      </Link>

      <section aria-labelledby="entry-heading" className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{kind}</p>
            <h1 id="entry-heading" className="mt-1 text-2xl font-semibold break-words text-slate-900">
              {name}
            </h1>
            {details}
          </div>
          {canManage ? (
            <div className="flex shrink-0 gap-3">
              <DialogButton
                title={edit.title}
                button={(open) => (
                  <Button variant="secondary" onClick={open}>
                    <Icon name="edit" />
                    {edit.buttonLabel}
                  </Button>
                )}
              >
                {edit.form}
              </DialogButton>
              <DeleteButton title={remove.title} intent={remove.intent}>
                {remove.warning}
              </DeleteButton>
            </div>
          ) : null}
        </div>
      </section>
      {children}
    </div>
  );
}
