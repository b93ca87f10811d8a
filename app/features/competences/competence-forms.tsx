import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/conform-props";
import { useState } from "react";
import { DialogError, FormActions } from "~/components/dialog";
import { Field } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { competenceUpsertSchema } from "~/domain/competences/competence.schema";
import { Hidden } from "~/components/hidden-fields";
import { ParentSelect, type CategoryOption } from "./parent-select";
import { useT } from "~/lib/i18n/i18n";

/** 'Create competence or category': the name, whether it is a category, and where it sits. */
export function CreateCompetenceForm({ categories, onClose }: { categories: CategoryOption[]; onClose: () => void }) {
  const t = useT();
  const { fetcher, form, fields, busy } = useDialogForm("createCompetence", competenceUpsertSchema, undefined, onClose, t("competences.created"));
  const [isCategory, setIsCategory] = useState(false);
  const [name, setName] = useState("");
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent: "createCompetence" }} />
      <Field
        label={t("competences.form.name")}
        data-autofocus
        autoComplete="off"
        {...inputProps(fields.name, { type: "text" })}
        onInput={(event) => setName((event.target as HTMLInputElement).value)}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name={fields.root.name} checked={isCategory} onChange={(e) => setIsCategory(e.target.checked)} className="rounded" />
        {t("competences.form.isCategory")}
      </label>
      <ParentSelect
        id="create-parent"
        name={fields.parentId.name}
        label={isCategory ? t("competences.form.parentCategory") : t("competences.form.category")}
        categories={categories}
        errors={fields.parentId.errors}
      />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions
        onCancel={onClose}
        busy={busy}
        label={t("competences.create")}
        busyLabel={t("competences.creating")}
        disabled={name.trim() === ""}
      />
    </fetcher.Form>
  );
}
