import type { getInputProps } from "@conform-to/react";
import { dateFieldProps, inputProps } from "~/components/conform-props";
import { DateField } from "~/components/date-field";
import { Field } from "~/components/field";
import { SelectField } from "~/components/select-field";
import { useT } from "~/lib/i18n/i18n";

type Meta = Parameters<typeof getInputProps>[0];

/**
 * A project's own fields as the 'Add project' dialog and the Settings tab show them: name,
 * description and the two dates (conform's field metadata of either schema).
 */
export function ProjectTextFields({
  fields,
  description,
  autoFocus,
}: {
  /** useDialogForm's fields: name, description, startDate and endDate are read. */
  fields: Record<string, Meta>;
  /** The description to start from (the textarea is not a conform input). */
  description?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <>
      <Field
        label={t("projects.fields.name")}
        data-autofocus={autoFocus || undefined}
        autoComplete="off"
        {...inputProps(fields.name, { type: "text" })}
      />
      <div>
        <label htmlFor={fields.description.id} className="block text-sm font-medium text-slate-700">
          {t("projects.fields.description")}
        </label>
        <textarea
          id={fields.description.id}
          name={fields.description.name}
          defaultValue={description}
          rows={3}
          className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset sm:text-sm"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField label={t("projects.fields.startDate")} {...dateFieldProps(fields.startDate)} />
        <DateField label={t("projects.fields.endDate")} {...dateFieldProps(fields.endDate)} />
      </div>
    </>
  );
}

/** The project stage picker ('No stage' first), when the company has stages. */
export function ProjectStageField({ field, stages, value }: { field: Meta; stages: { _id: string; name: string }[]; value: string }) {
  const t = useT();
  return (
    <SelectField
      id={field.id}
      name={field.name}
      label={t("projects.fields.stage")}
      defaultValue={value}
      errors={field.errors}
      placeholder={t("projects.fields.noStage")}
      options={stages.map((s) => ({ value: s._id, label: s.name }))}
    />
  );
}
