import clsx from "clsx";
import { useState } from "react";
import { officesOf, SelectField, type TeamChoices } from "~/components/select-field";
import type { TableUser } from "./user-table";
import { useT } from "~/lib/i18n/i18n";

/** The pieces the users dialogs share: the team selector and a labelled checkbox (no schema, so no zod: decision 0292). */
export interface Team {
  groupId: string;
  officeId: string;
}

export function Checkbox({
  name,
  label,
  defaultChecked,
  checked,
  onChange,
  disabled,
  hint,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <label className={clsx("flex items-start gap-3 text-sm", disabled ? "text-slate-400" : "text-slate-800")}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        checked={checked}
        disabled={disabled}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
      />
      <span>
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * The group-and-office selector: two dropdowns, the offices limited to the chosen group.
 * Unless empty values are allowed, the first group and office are chosen from the start.
 */
export function TeamSelect({
  choices,
  initial,
  allowEmpty,
  names = { group: "group", office: "office" },
  labels,
  errors = {},
  idPrefix,
}: {
  choices: TeamChoices;
  initial?: Partial<Team> | null;
  allowEmpty?: boolean;
  names?: { group: string; office: string };
  labels?: { group: string; office: string };
  errors?: { group?: string[]; office?: string[] };
  idPrefix: string;
}) {
  const t = useT();
  const firstGroup = choices.groups.find((group) => officesOf(choices, group._id).length > 0) ?? choices.groups[0];
  const startGroup = initial?.groupId ?? (allowEmpty ? "" : (firstGroup?._id ?? ""));
  const [groupId, setGroupId] = useState(startGroup);
  const [officeId, setOfficeId] = useState(initial?.officeId ?? (allowEmpty || !startGroup ? "" : (officesOf(choices, startGroup)[0]?._id ?? "")));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id={`${idPrefix}-${names.group}`}
        name={names.group}
        label={labels?.group ?? t("users.group")}
        value={groupId}
        placeholder={allowEmpty ? t("users.team.noGroup") : undefined}
        onChange={(event) => {
          setGroupId(event.target.value);
          setOfficeId(allowEmpty && !event.target.value ? "" : (officesOf(choices, event.target.value)[0]?._id ?? ""));
        }}
        options={choices.groups.map((group) => ({ value: group._id, label: group.name }))}
        errors={errors.group}
      />
      <SelectField
        id={`${idPrefix}-${names.office}`}
        name={names.office}
        label={labels?.office ?? t("users.office")}
        value={officeId}
        placeholder={allowEmpty ? t("users.team.noOffice") : undefined}
        onChange={(event) => setOfficeId(event.target.value)}
        options={officesOf(choices, groupId).map((office) => ({ value: office._id, label: office.name }))}
        errors={errors.office}
      />
    </div>
  );
}

export interface EditableUser extends TableUser {
  utilizationViewOthersPriviliges: boolean;
  detailedViewPriviliges: boolean;
  detailedViewHoursPriviliges: boolean;
}

export interface TeamUser extends TableUser {
  group: { _id: string; name: string } | null;
  office: { _id: string; name: string } | null;
  secondaryGroup: { _id: string; name: string } | null;
  secondaryOffice: { _id: string; name: string } | null;
}
