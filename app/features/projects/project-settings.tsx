import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/button";
import { DialogError } from "~/components/dialog";
import { useIdleSchemaForm } from "~/components/use-idle-form";
import type { FieldConstraints } from "~/components/use-lazy-validation";
import { ProjectStageField, ProjectTextFields } from "./project-fields";
import { DeleteButton } from "~/components/confirm-form";
import { Hidden } from "~/components/hidden-fields";
import { SelectField } from "~/components/select-field";
import { MAX_PROJECT_CATEGORIES } from "~/domain/projects/project-constants";
import { dayKey } from "~/lib/dates";
import { useT } from "~/lib/i18n/i18n";

interface SettingsProject {
  _id: string;
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  archived: boolean;
  manager: { _id: string; name: string } | null;
  projectStage: { _id: string } | null;
  projectCategories: { _id: string; name: string }[];
  users: { _id: string; name: string }[];
  canEdit: boolean;
  canDelete: boolean;
}

/** The remove mark on a category chip (its button is named for screen readers). */
const REMOVE_MARK = "×";

const day = (iso: string | null) => (iso ? dayKey(iso) : "");

// The form's schema (with zod) loads when the page is idle: the browser validates from then on (decision 0292).
const loadSchema = () => import("~/domain/projects/project.schema").then((m) => m.projectUpdateSchema);

/**
 * The Settings tab: name (required), description, dates, stage, categories (the picker is
 * disabled at 3), one manager (from the members), Archive/Unarchive, and Delete behind a
 * confirmation.
 */
export function SettingsTab({
  project,
  stages,
  categories,
  showManager,
  constraint,
}: {
  project: SettingsProject;
  stages: { _id: string; name: string }[] | null;
  categories: { _id: string; name: string }[];
  showManager: boolean;
  /** The form's field attributes, from the loader (projectUpdateSchema's, as plain data). */
  constraint: FieldConstraints;
}) {
  const t = useT();
  const { fetcher, form, fields, busy } = useIdleSchemaForm(
    `settings-${project._id}`,
    loadSchema,
    constraint,
    {
      name: project.name,
      description: project.description,
      startDate: day(project.startDate),
      endDate: day(project.endDate),
    },
    () => {},
  );
  const [picked, setPicked] = useState(project.projectCategories.map((c) => c._id));
  const full = picked.length >= MAX_PROJECT_CATEGORIES;
  const managerChoices = [
    ...(project.manager && !project.users.some((u) => u._id === project.manager!._id) ? [project.manager] : []),
    ...project.users,
  ];
  const archive = useFetcher();
  const disabled = !project.canEdit;
  return (
    <div className="space-y-6">
      <section aria-labelledby="settings-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 id="settings-heading" className="text-sm font-semibold text-slate-900">
          {t("projects.settings.title")}
        </h2>
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <Hidden values={{ intent: "updateSettings" }} />
          {picked.map((id) => (
            <input key={id} type="hidden" name="projectCategories" value={id} />
          ))}
          <fieldset disabled={disabled} className="space-y-4">
            <ProjectTextFields fields={fields} description={project.description} />
            {stages ? <ProjectStageField field={fields.projectStage} stages={stages} value={project.projectStage?._id ?? ""} /> : null}
            <div>
              <label htmlFor="project-category-picker" className="block text-sm font-medium text-slate-700">
                {t("projects.settings.categories", { max: MAX_PROJECT_CATEGORIES })}
              </label>
              <div className="mt-1 flex flex-wrap gap-2">
                {picked.map((id) => (
                  <span key={id} className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-sm text-brand-800">
                    {categories.find((c) => c._id === id)?.name ?? project.projectCategories.find((c) => c._id === id)?.name}
                    <button
                      type="button"
                      onClick={() => setPicked(picked.filter((p) => p !== id))}
                      aria-label={t("projects.settings.removeCategory", { name: categories.find((c) => c._id === id)?.name ?? "" })}
                      className="rounded-full px-1 text-brand-700 hover:bg-brand-100"
                    >
                      {REMOVE_MARK}
                    </button>
                  </span>
                ))}
              </div>
              <select
                id="project-category-picker"
                value=""
                disabled={full || disabled}
                onChange={(event) => event.target.value && setPicked([...picked, event.target.value])}
                className="mt-2 block w-full rounded-md border-0 bg-white py-2 pr-8 pl-3 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm"
              >
                <option value="">
                  {full ? t("projects.settings.categoriesFull", { max: MAX_PROJECT_CATEGORIES }) : t("projects.settings.addCategory")}
                </option>
                {categories
                  .filter((c) => !picked.includes(c._id))
                  .map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.name}
                    </option>
                  ))}
              </select>
              {fields.projectCategories.errors ? <p className="mt-1 text-sm text-red-600">{fields.projectCategories.errors[0]}</p> : null}
            </div>
            {showManager ? (
              <SelectField
                id={fields.manager.id}
                name={fields.manager.name}
                label={t("projects.settings.manager")}
                defaultValue={project.manager?._id ?? ""}
                placeholder={t("projects.settings.noManager")}
                errors={fields.manager.errors}
                options={managerChoices.map((u) => ({ value: u._id, label: u.name }))}
              />
            ) : null}
          </fieldset>
          <DialogError id={form.errorId} message={form.errors?.[0]} />
          {project.canEdit ? (
            <div className="flex justify-end">
              <Button type="submit" disabled={busy}>
                {busy ? t("common.saving") : t("common.save")}
              </Button>
            </div>
          ) : null}
        </fetcher.Form>
      </section>

      {project.canEdit ? (
        <section aria-labelledby="status-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="status-heading" className="text-sm font-semibold text-slate-900">
            {t("projects.settings.status")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{project.archived ? t("projects.settings.isArchived") : t("projects.settings.isActive")}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <archive.Form method="post">
              <Hidden values={{ intent: project.archived ? "unarchive" : "archive" }} />
              <Button type="submit" variant="secondary" disabled={archive.state !== "idle"}>
                {project.archived ? t("projects.settings.unarchive") : t("projects.settings.archive")}
              </Button>
            </archive.Form>
            {project.canDelete ? (
              <DeleteButton title={t("projects.settings.delete")} intent="delete" confirmation={t("projects.settings.deleted")}>
                <p className="text-sm text-slate-700">
                  {t("projects.settings.delete.before")} <strong>{project.name}</strong> {t("projects.settings.delete.after")}
                </p>
              </DeleteButton>
            ) : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
