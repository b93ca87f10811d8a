import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { DialogError, FormActions } from "~/components/dialog";
import { useDialogForm } from "~/components/use-dialog-form";
import { ProjectStageField, ProjectTextFields } from "./project-fields";
import { Hidden } from "~/components/hidden-fields";
import { officesOf, SelectField, type TeamChoices } from "~/components/select-field";
import { PROJECT_CREATE_FAILED, projectCreateSchema } from "~/domain/projects/project.schema";
import { useT } from "~/lib/i18n/i18n";

/**
 * The Add project dialog (spec: planning.md, "Create project"): name required ('Required'),
 * any refusal says 'Make sure you entered all required fields', empty dates are left out.
 * The location picker shows for people with no group, admins and people with a secondary
 * group; the others create in their own group and office. On success the page's action
 * redirects to the new project, which closes the dialog.
 */
export function AddProjectForm({
  onClose,
  choices,
  showLocationPicker,
  defaultTeam,
  stages,
}: {
  onClose: () => void;
  choices: TeamChoices;
  showLocationPicker: boolean;
  defaultTeam: { groupId: string | null; officeId: string | null };
  stages: { _id: string; name: string }[] | null;
}) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm("create-project", projectCreateSchema, undefined, onClose, t("projects.create.done"));
  const [groupId, setGroupId] = useState(defaultTeam.groupId ?? "");
  const [officeId, setOfficeId] = useState(defaultTeam.officeId ?? "");
  const refused = Object.keys(form.allErrors).length > 0;
  const message = form.errors?.[0] ?? (refused ? PROJECT_CREATE_FAILED : null);
  return (
    <fetcher.Form method="post" action="/projects?index" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent: "create" }} />
      <ProjectTextFields fields={fields} autoFocus />
      {showLocationPicker ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={fields.group.id}
            name={fields.group.name}
            label={t("users.group")}
            value={groupId}
            errors={fields.group.errors}
            placeholder={t("users.team.noGroup")}
            options={choices.groups.map((g) => ({ value: g._id, label: g.name }))}
            onChange={(event) => {
              setGroupId(event.target.value);
              setOfficeId(officesOf(choices, event.target.value)[0]?._id ?? "");
            }}
          />
          <SelectField
            id={fields.office.id}
            name={fields.office.name}
            label={t("users.office")}
            value={officeId}
            errors={fields.office.errors}
            placeholder={t("users.team.noOffice")}
            options={officesOf(choices, groupId).map((o) => ({ value: o._id, label: o.name }))}
            onChange={(event) => setOfficeId(event.target.value)}
          />
        </div>
      ) : null}
      {stages ? <ProjectStageField field={fields.projectStage} stages={stages} value="" /> : null}
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="addMe" defaultChecked className="h-4 w-4 rounded border-slate-300 text-brand-600" />
        {t("projects.create.addMe")}
      </label>
      <DialogError id={form.errorId} message={message} />
      <FormActions onCancel={onClose} busy={busy} label={t("projects.create.submit")} busyLabel={t("projects.create.creating")} />
    </fetcher.Form>
  );
}
