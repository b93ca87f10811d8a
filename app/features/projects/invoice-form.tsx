import { getFormProps } from "@conform-to/react";
import { dateFieldProps, inputProps } from "~/components/conform-props";
import { useState } from "react";
import { Button } from "~/components/button";
import { DialogError, FormActions } from "~/components/dialog";
import { DateField } from "~/components/date-field";
import { Field } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { Hidden } from "~/components/hidden-fields";
import { invoiceSchema } from "~/domain/projects/project.schema";
import { DEFAULT_CURRENCY, VAT_QUICK_VALUES } from "~/domain/projects/project-constants";
import { useT } from "~/lib/i18n/i18n";

/** A project's invoice as the page holds it. */
export interface Invoice {
  _id: string;
  date: string;
  amount: number;
  vat: number | null;
  identification: string | null;
  currency: string;
}

/**
 * The invoice editor: date, amount, currency (USD unless changed), optional VAT with quick
 * buttons, identification. With `invoice` it changes that entry (every field sent: an emptied
 * VAT or identification clears it).
 */
export function InvoiceForm({ invoice, today, onClose }: { invoice?: Invoice; today: string; onClose: () => void }) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm(
    invoice ? `invoice-${invoice._id}` : "invoice",
    invoiceSchema,
    invoice
      ? {
          date: invoice.date.slice(0, 10),
          amount: String(invoice.amount),
          currency: invoice.currency,
          identification: invoice.identification ?? "",
        }
      : { currency: DEFAULT_CURRENCY, date: today },
    onClose,
    invoice ? t("projects.invoices.saved") : t("projects.invoices.added"),
  );
  const [vat, setVat] = useState(invoice?.vat === null || invoice?.vat === undefined ? "" : String(invoice.vat));
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={invoice ? { intent: "updateInvoice", invoiceId: invoice._id } : { intent: "createInvoice" }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField label={t("projects.invoices.date")} autoFocus {...dateFieldProps(fields.date)} />
        <Field label={t("projects.invoices.identification")} autoComplete="off" {...inputProps(fields.identification, { type: "text" })} />
        <Field label={t("projects.invoices.amount")} inputMode="decimal" step={0.01} min={0} {...inputProps(fields.amount, { type: "number" })} />
        <Field label={t("projects.invoices.currency")} autoComplete="off" maxLength={3} {...inputProps(fields.currency, { type: "text" })} />
      </div>
      <div>
        <Field
          label={t("projects.invoices.vatPercent")}
          inputMode="decimal"
          {...inputProps(fields.vat, { type: "number" })}
          step={0.01}
          min={0}
          max={100}
          value={vat}
          defaultValue={undefined}
          onChange={(event) => setVat(event.target.value)}
        />
        <div className="mt-2 flex gap-2" role="group" aria-label={t("projects.invoices.quickVat")}>
          {VAT_QUICK_VALUES.map((value) => (
            <Button key={value} variant={vat === String(value) ? "primary" : "secondary"} className="px-3 py-1" onClick={() => setVat(String(value))}>
              {value} %
            </Button>
          ))}
        </div>
      </div>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("projects.invoices.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}
