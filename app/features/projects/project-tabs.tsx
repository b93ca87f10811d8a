import { useFetcher } from "@remix-run/react";
import { lazy, useEffect, useState } from "react";
import { Avatar } from "~/components/avatar";
import { Button } from "~/components/button";
import { DialogError, FormActions } from "~/components/dialog";
import { DialogButton, RowIconButton } from "~/components/list-block";
import { SEARCH_DEBOUNCE_MS, SearchInput } from "~/components/search-input";
import { useToast } from "~/components/toast";
import { useDialogFetcher } from "~/components/use-dialog-fetcher";
import { ConfirmForm } from "~/components/confirm-form";
import { Hidden } from "~/components/hidden-fields";
import { HoursForm } from "./project-hours";
import { EntryActions, EntryTable } from "./entry-table";
import { formatDay, WorkloadScore } from "./project-widgets";
import { useFormat, type Formatter } from "~/lib/format";
import type { Invoice } from "./invoice-form";
import { useT, type Translate } from "~/lib/i18n/i18n";

/**
 * The tabs of /projects/{id}: Members (picker, hours per member, remove), Invoices (editor with
 * VAT quick buttons) and the hours dialog. Each write posts to the page's action with an
 * intent; the loader revalidates after it, and other open pages hear UPDATE_PROJECT.
 */

// The invoice dialog's form (its schema, with zod, and conform) loads when it first opens (decision 0292).
const InvoiceForm = lazy(() => import("./invoice-form").then((m) => ({ default: m.InvoiceForm })));

interface Member {
  _id: string;
  name: string;
  title: string;
  profilePicture: string | null;
  currentWorkload: number | null;
}

export function MembersTab({
  projectId,
  members,
  hoursByUser,
  canEdit,
  today,
}: {
  projectId: string;
  members: Member[];
  hoursByUser: Record<string, number>;
  canEdit: boolean;
  /** The reader's today ("YYYY-MM-DD", their office's zone), the forms' default date. */
  today: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="members-heading" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex min-h-14 items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <h2 id="members-heading" className="text-sm font-semibold text-slate-900">
          {t("projects.members.heading", { count: members.length })}
        </h2>
        {canEdit ? (
          <DialogButton title={t("projects.members.add")} button={(open) => <Button onClick={open}>{t("projects.members.add")}</Button>}>
            {(close) => <MemberPicker projectId={projectId} onClose={close} />}
          </DialogButton>
        ) : null}
      </div>
      {members.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{t("projects.members.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Avatar name={member.name} src={member.profilePicture} size="sm" />
              <span className="min-w-0 flex-1 basis-40">
                <span className="block truncate text-sm font-medium text-slate-900">{member.name}</span>
                <span className="block truncate text-xs text-slate-600">{member.title}</span>
              </span>
              <span className="ml-auto">
                <WorkloadScore workload={member.currentWorkload} label={t("projects.members.workloadOf", { name: member.name })} />
              </span>
              <span className="w-20 text-right text-sm text-slate-700">
                {t("projects.hoursValue", { hours: (hoursByUser[member._id] ?? 0).toFixed(1) })}
              </span>
              {canEdit ? (
                <span className="flex items-center gap-1">
                  <DialogButton
                    title={t("projects.members.hoursFor", { name: member.name })}
                    button={(open) => (
                      <Button variant="secondary" className="px-3 py-1.5" onClick={open}>
                        {t("projects.members.logHours")}
                        <span className="sr-only"> {t("projects.members.forName", { name: member.name })}</span>
                      </Button>
                    )}
                  >
                    {(close) => <HoursForm userId={member._id} today={today} onClose={close} />}
                  </DialogButton>
                  <DialogButton
                    title={t("projects.members.remove")}
                    button={(open) => <RowIconButton label={t("projects.members.removeName", { name: member.name })} icon="trash" onClick={open} />}
                  >
                    {(close) => (
                      <ConfirmForm
                        intent="removeMember"
                        onClose={close}
                        confirmLabel={t("projects.members.removeButton")}
                        busyLabel={t("projects.members.removing")}
                        confirmation={t("projects.members.removed", { name: member.name })}
                      >
                        <Hidden values={{ userId: member._id }} />
                        <p className="text-sm text-slate-700">{t("projects.members.removeQuestion", { name: member.name })}</p>
                      </ConfirmForm>
                    )}
                  </DialogButton>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The user picker: 'Search users', results at most 400 px tall, several picked at once. */
function MemberPicker({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const t = useT();
  const search = useFetcher<{ people: Member[] }>();
  const [term, setTerm] = useState("");
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const show = useToast();
  const fetcher = useDialogFetcher(() => {
    show(t("projects.members.added", { count: picked.size }));
    onClose();
  });
  const { load } = search;
  useEffect(() => {
    const timer = setTimeout(() => load(`/resources/project-people/${projectId}?q=${encodeURIComponent(term)}`), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, projectId, load]);
  const toggle = (person: Member) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(person._id)) next.delete(person._id);
      else next.set(person._id, person.name);
      return next;
    });
  const error = fetcher.state === "idle" ? (fetcher.data as { error?: Record<string, string[]> } | undefined)?.error?.[""]?.[0] : undefined;
  return (
    <fetcher.Form method="post" className="space-y-3">
      <Hidden values={{ intent: "addMembers" }} />
      {[...picked.keys()].map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <SearchInput
        data-autofocus
        value={term}
        onChange={setTerm}
        label={t("projects.members.search")}
        placeholder={t("projects.members.search")}
        className=""
      />
      <ul className="max-h-[400px] overflow-y-auto rounded-md ring-1 ring-slate-200" aria-label={t("projects.members.people")}>
        {(search.data?.people ?? []).map((person) => (
          <li key={person._id}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
              <input type="checkbox" checked={picked.has(person._id)} onChange={() => toggle(person)} className="h-4 w-4 rounded border-slate-300" />
              <Avatar name={person.name} src={person.profilePicture} size="sm" />
              <span className="min-w-0">
                <span className="block truncate text-sm text-slate-900">{person.name}</span>
                <span className="block truncate text-xs text-slate-600">{person.title}</span>
              </span>
            </label>
          </li>
        ))}
        {search.data && search.data.people.length === 0 ? <li className="px-3 py-2 text-sm text-slate-500">{t("users.noMatches")}</li> : null}
      </ul>
      <DialogError message={error} />
      <FormActions
        onCancel={onClose}
        busy={fetcher.state !== "idle"}
        label={picked.size > 0 ? t("projects.members.addCount", { count: picked.size }) : t("projects.members.addNone")}
        busyLabel={t("projects.adding")}
        disabled={picked.size === 0}
      />
    </fetcher.Form>
  );
}

/** An empty cell: a dash, the same in every language. */
const NONE = "–";

export function InvoicesTab({ invoices, canEdit, today }: { invoices: Invoice[]; canEdit: boolean; today: string }) {
  const fmt = useFormat();
  const t = useT();
  return (
    <EntryTable
      id="invoices"
      title={t("projects.invoices.title")}
      aside={
        canEdit ? (
          <DialogButton title={t("projects.invoices.add")} button={(open) => <Button onClick={open}>{t("projects.invoices.add")}</Button>}>
            {(close) => <InvoiceForm today={today} onClose={close} />}
          </DialogButton>
        ) : null
      }
      columns={[
        { label: t("projects.invoices.date"), className: "px-4" },
        { label: t("projects.invoices.identification"), className: "hidden px-4 sm:table-cell" },
        { label: t("projects.invoices.amount"), className: "px-2 text-right sm:px-4" },
        { label: t("projects.invoices.vat"), className: "px-2 text-right sm:px-4" },
      ]}
      count={invoices.length}
      empty={t("projects.invoices.none")}
      editable={canEdit}
    >
      {invoices.map((invoice) => (
        <tr key={invoice._id}>
          <td className="px-4 py-2">
            <span className="whitespace-nowrap">{formatDay(invoice.date, fmt)}</span>
            {/* Narrow screens show the identification under the date instead of in its own column. */}
            {invoice.identification ? <span className="block text-xs text-slate-600 sm:hidden">{invoice.identification}</span> : null}
          </td>
          <td className="hidden px-4 py-2 sm:table-cell">{invoice.identification ?? NONE}</td>
          <td className="px-2 py-2 text-right whitespace-nowrap sm:px-4">
            {fmt.number(invoice.amount, 2)} {invoice.currency}
          </td>
          <td className="px-2 py-2 text-right whitespace-nowrap sm:px-4">{invoice.vat === null ? NONE : `${invoice.vat} %`}</td>
          {canEdit ? (
            <EntryActions
              edit={{
                title: t("projects.invoices.edit"),
                label: t("projects.invoices.editLabel", { invoice: invoiceLabel(invoice, fmt, t) }),
                form: (close) => <InvoiceForm invoice={invoice} today={today} onClose={close} />,
              }}
              remove={{
                title: t("projects.invoices.delete"),
                label: t("projects.invoices.deleteLabel", { invoice: invoiceLabel(invoice, fmt, t) }),
                question: t("projects.invoices.deleteQuestion"),
                intent: "deleteInvoice",
                confirmation: t("projects.invoices.deleted"),
                values: { invoiceId: invoice._id },
              }}
            />
          ) : null}
        </tr>
      ))}
    </EntryTable>
  );
}

/** How a row's buttons name their invoice: its identification, else its date. */
const invoiceLabel = (invoice: Invoice, fmt: Formatter, t: Translate) =>
  invoice.identification ?? t("projects.invoices.ofDate", { date: formatDay(invoice.date, fmt) });
