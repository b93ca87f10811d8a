import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { useState } from "react";
import { DialogError, FormActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { Hidden } from "~/components/hidden-fields";
import { useDialogForm } from "~/components/use-dialog-form";
import { TimeZoneField } from "~/components/time-zone-field";
import {
  DEFAULT_PROJECT_STAGE_COLOR,
  groupUpsertSchema,
  levelOfSkillUpsertSchema,
  COMPANY_TIME_ZONE,
  officeRenameSchema,
  officeTimeZoneSchema,
  PROJECT_STAGE_COLORS,
  projectStageUpsertSchema,
  SKILL_LEVEL_MAX,
} from "~/domain/company/catalog.schema";
import { useT, type MessageKey } from "~/lib/i18n/i18n";

/**
 * The dialog forms of the company pages. Each posts to its page's action through its own
 * fetcher with an `intent`, closes when the action answers success, and otherwise shows
 * the field errors and the server's message and stays open.
 */
interface FormProps {
  onClose: () => void;
}

export function GroupForm({ intent, group, onClose }: FormProps & { intent: string; group?: { name: string; ssoIdentifiers: string[] } }) {
  const t = useT();
  const defaults = group ? { name: group.name, ssoIdentifiers: group.ssoIdentifiers.join(", ") } : undefined;
  const { fetcher, form, fields, busy } = useDialogForm(intent, groupUpsertSchema, defaults, onClose);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent }} />
      <Field label={t("catalog.name")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <Field
        label={t("catalog.ssoIdentifiers")}
        placeholder={t("catalog.ssoPlaceholder")}
        autoComplete="off"
        {...inputProps(fields.ssoIdentifiers, { type: "text" })}
        multiple={undefined}
      />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}

/** One 'Name' field: new office, project category, and the office's rename ('New name'). */
export function NameForm({
  intent,
  id,
  label,
  initialName,
  submitLabel,
  busyLabel,
  onClose,
}: FormProps & { intent: string; id?: string; label?: string; initialName?: string; submitLabel: string; busyLabel: string }) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm(
    `${intent}-${id ?? "new"}`,
    officeRenameSchema,
    initialName ? { name: initialName } : undefined,
    onClose,
  );
  // The submit button stays disabled while the name is empty.
  const [name, setName] = useState(initialName ?? "");
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4" onInput={(event) => setName((event.target as HTMLInputElement).value)}>
      <Hidden values={{ intent, id }} />
      <Field label={label ?? t("catalog.name")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={submitLabel} busyLabel={busyLabel} disabled={name.trim() === ""} />
    </fetcher.Form>
  );
}

/** The office's time zone: its own, or the company's (the first choice). */
export function TimeZoneForm({
  office,
  companyZone,
  onClose,
}: FormProps & { office: { timeZone: string; ownTimeZone: boolean }; companyZone: string }) {
  const t = useT();
  const initial = office.ownTimeZone ? office.timeZone : COMPANY_TIME_ZONE;
  const { fetcher, form, fields, busy } = useDialogForm("setOfficeTimeZone", officeTimeZoneSchema, { timeZone: initial }, onClose);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent: "setOfficeTimeZone" }} />
      <TimeZoneField
        label={t("catalog.timeZone")}
        id={fields.timeZone.id}
        name={fields.timeZone.name}
        defaultValue={initial}
        errors={fields.timeZone.errors}
        autoFocus
        extra={[{ value: COMPANY_TIME_ZONE, label: t("catalog.companyZone", { zone: companyZone }) }]}
      />
      <p className="text-sm text-slate-600">{t("catalog.zoneHint")}</p>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}

export function SkillLevelForm({ intent, level, onClose }: FormProps & { intent: string; level?: { _id: string; name: string; level: number } }) {
  const t = useT();
  const defaults = level ? { name: level.name, level: String(level.level) } : undefined;
  const { fetcher, form, fields, busy } = useDialogForm(`${intent}-${level?._id ?? "new"}`, levelOfSkillUpsertSchema, defaults, onClose);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent, id: level?._id }} />
      <Field label={t("catalog.name")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <Field
        label={t("catalog.level")}
        inputMode="numeric"
        step={1}
        {...inputProps(fields.level, { type: "number" })}
        min={0}
        max={SKILL_LEVEL_MAX}
      />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}

const COLOR_NAMES: Record<string, MessageKey> = {
  "75B7D8": "catalog.colour.blue",
  "65C898": "catalog.colour.green",
  EEC444: "catalog.colour.yellow",
  FF5454: "catalog.colour.red",
  "9900EF": "catalog.colour.purple",
  A1A5B7: "catalog.colour.grey",
};

export function StageForm({ intent, stage, onClose }: FormProps & { intent: string; stage?: { _id: string; name: string; color: string } }) {
  const t = useT();
  const defaults = stage ? { name: stage.name, color: stage.color } : undefined;
  const { fetcher, form, fields, busy } = useDialogForm(`${intent}-${stage?._id ?? "new"}`, projectStageUpsertSchema, defaults, onClose);
  const initialColor = stage?.color ?? DEFAULT_PROJECT_STAGE_COLOR;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent, id: stage?._id }} />
      <Field label={t("catalog.name")} data-autofocus autoComplete="off" {...inputProps(fields.name, { type: "text" })} />
      <fieldset aria-describedby={fields.color.errors ? fields.color.errorId : undefined}>
        <legend className="block text-sm font-medium text-slate-700">{t("catalog.colour")}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {PROJECT_STAGE_COLORS.map((color) => (
            <label key={color} className="relative cursor-pointer" title={t(COLOR_NAMES[color])}>
              <input
                type="radio"
                name={fields.color.name}
                value={color}
                defaultChecked={initialColor === color}
                className="peer sr-only"
                aria-label={t(COLOR_NAMES[color])}
              />
              <span
                aria-hidden="true"
                className="block h-9 w-9 rounded-full ring-2 ring-transparent ring-offset-2 peer-checked:ring-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-500"
                style={{ backgroundColor: `#${color}` }}
              />
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="white"
                strokeWidth={3}
                strokeLinecap="round"
                strokeLinejoin="round"
                className="pointer-events-none absolute inset-0 m-auto hidden h-5 w-5 peer-checked:block"
                aria-hidden="true"
              >
                <path d="m5 12 5 5 9-10" />
              </svg>
            </label>
          ))}
        </div>
        {fields.color.errors ? (
          <p id={fields.color.errorId} className="mt-1 text-sm text-red-600">
            {fields.color.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label={t("common.save")} busyLabel={t("common.saving")} />
    </fetcher.Form>
  );
}
