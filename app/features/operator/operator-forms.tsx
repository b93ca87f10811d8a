import { TimeZoneField } from "~/components/time-zone-field";
import { inputProps } from "~/components/conform-props";
import { getFormProps } from "@conform-to/react";
import { DialogError } from "~/components/dialog";
import { Field } from "~/components/field";
import type { CompanySettings } from "~/domain/company/settings.schema";
import { SelectField } from "~/components/select-field";
import { operatorCompanyCreateSchema, operatorCompanyUpdateSchema, SETTING_SWITCHES } from "~/domain/operator/operator.schema";
import { useDialogForm } from "~/components/use-dialog-form";
import { FormActions } from "~/components/dialog";
import { Hidden } from "~/components/hidden-fields";
import { useT } from "~/lib/i18n/i18n";

/** An example address: not words, the same in every language. */
const EXAMPLE_URL = "https://...";

export function CompanyCreateForm({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm("createCompany", operatorCompanyCreateSchema, undefined, onClose);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent: "createCompany" }} />
      <Field label={t("operator.form.companyName")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <Field label={t("operator.form.adminName")} autoComplete="off" {...inputProps(fields.adminName, { type: "text" })} />
      <Field label={t("operator.form.adminEmail")} autoComplete="off" {...inputProps(fields.adminEmail, { type: "email" })} />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("operator.form.createAndInvite")} busyLabel={t("operator.form.creating")} />
    </fetcher.Form>
  );
}

export function CompanySettingsForm({
  company,
  languages,
  onClose,
}: {
  company: { _id: string; name: string; settings: CompanySettings };
  /** The catalogs in app/locales, each by its own name. */
  languages: { value: string; name: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const { settings } = company;
  const defaults = {
    name: company.name,
    mattersTimeperiod: String(settings.mattersTimeperiod),
    utilizationTargetHours: String(settings.utilizationTargetHours),
    elsewhereLabel: settings.elsewhereLabel,
    icon: settings.icon ?? "",
    titleRanking: settings.titleRanking.join("\n"),
    timeZone: settings.timeZone,
    language: settings.language,
  };
  const { fetcher, form, fields, busy } = useDialogForm(`updateCompany-${company._id}`, operatorCompanyUpdateSchema, defaults, onClose);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent: "updateCompany", id: company._id }} />
      <Field label={t("operator.form.companyName")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("operator.form.mattersPeriod")}
          inputMode="numeric"
          step={1}
          {...inputProps(fields.mattersTimeperiod, { type: "number" })}
          min={1}
          max={90}
        />
        <Field
          label={t("operator.form.utilizationTarget")}
          inputMode="decimal"
          step={0.5}
          {...inputProps(fields.utilizationTargetHours, { type: "number" })}
          min={1}
          max={80}
        />
        <Field label={t("operator.form.elsewhereLabel")} autoComplete="off" {...inputProps(fields.elsewhereLabel, { type: "text" })} />
        <Field label={t("operator.form.icon")} autoComplete="off" placeholder={EXAMPLE_URL} {...inputProps(fields.icon, { type: "text" })} />
      </div>
      <TimeZoneField
        label={t("operator.form.timeZone")}
        id={fields.timeZone.id}
        name={fields.timeZone.name}
        defaultValue={settings.timeZone}
        errors={fields.timeZone.errors}
      />
      <SelectField
        label={t("operator.form.language")}
        id={fields.language.id}
        name={fields.language.name}
        defaultValue={settings.language}
        errors={fields.language.errors}
        options={languages.map((language) => ({ value: language.value, label: language.name }))}
      />
      <div>
        <label htmlFor={fields.titleRanking.id} className="block text-sm font-medium text-slate-700">
          {t("operator.form.titleRanking")}
        </label>
        <textarea
          id={fields.titleRanking.id}
          name={fields.titleRanking.name}
          defaultValue={fields.titleRanking.initialValue as string | undefined}
          aria-invalid={fields.titleRanking.errors ? true : undefined}
          aria-describedby={fields.titleRanking.errors ? fields.titleRanking.errorId : "title-ranking-hint"}
          rows={4}
          placeholder={t("operator.form.titleRankingPlaceholder")}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500"
        />
        <p id="title-ranking-hint" className="mt-1 text-xs text-slate-600">
          {t("operator.form.titleRankingHint")}
        </p>
        {fields.titleRanking.errors ? (
          <p id={fields.titleRanking.errorId} className="mt-1 text-sm text-red-700">
            {fields.titleRanking.errors[0]}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("operator.form.switches")}</legend>
        <div className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {SETTING_SWITCHES.map((key) => (
            <label key={key} className="flex items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
              <input
                type="checkbox"
                name={key}
                defaultChecked={settings[key]}
                className="h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              <span className="min-w-0 break-words">{t(`operator.switch.${key}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}
