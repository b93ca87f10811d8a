import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { DialogError, FormActions } from "~/components/dialog";
import { Field, inputProps } from "~/components/field";
import { useDialogForm } from "~/components/use-dialog-form";
import { competenceUpsertSchema } from "~/domain/competences/competence.schema";
import { Hidden } from "~/features/company/catalog-forms";

export interface CategoryOption {
  _id: string;
  name: string;
  parentId: string | null;
  count: number;
}

/**
 * The grouped, clearable 'Parent category' dropdown: categories grouped by their parent,
 * each option 'parent - name' with its number of competences.
 */
export function ParentSelect({
  id,
  name,
  label,
  categories,
  defaultValue,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  categories: CategoryOption[];
  defaultValue?: string | null;
  errors?: string[];
}) {
  const byId = new Map(categories.map((c) => [c._id, c]));
  const groups = new Map<string, CategoryOption[]>();
  for (const category of categories) {
    const parent = category.parentId ? (byId.get(category.parentId)?.name ?? "Other") : "Top level";
    groups.set(parent, [...(groups.get(parent) ?? []), category]);
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-md border-0 py-2 pr-8 pl-3 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none sm:text-sm"
      >
        <option value="">No category</option>
        {[...groups].map(([parent, options]) => (
          <optgroup key={parent} label={parent}>
            {options.map((c) => (
              <option key={c._id} value={c._id}>
                {`${c.parentId ? `${byId.get(c.parentId)?.name ?? ""} - ` : ""}${c.name} (${c.count})`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** 'Create competence or category': the name, whether it is a category, and where it sits. */
export function CreateCompetenceForm({ categories, onClose }: { categories: CategoryOption[]; onClose: () => void }) {
  const { fetcher, form, fields, busy } = useDialogForm("createCompetence", competenceUpsertSchema, undefined, onClose, "Created");
  const [isCategory, setIsCategory] = useState(false);
  const [name, setName] = useState("");
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <Hidden values={{ intent: "createCompetence" }} />
      <Field
        label="Name"
        data-autofocus
        autoComplete="off"
        {...inputProps(fields.name, { type: "text" })}
        onInput={(event) => setName((event.target as HTMLInputElement).value)}
      />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name={fields.root.name} checked={isCategory} onChange={(e) => setIsCategory(e.target.checked)} className="rounded" />
        This is a category
      </label>
      <ParentSelect
        id="create-parent"
        name={fields.parentId.name}
        label={isCategory ? "Parent category" : "Category"}
        categories={categories}
        errors={fields.parentId.errors}
      />
      <DialogError id={form.errorId} message={form.errors?.[0]} />
      <FormActions onCancel={onClose} busy={busy} label="Create" busyLabel="Creating..." disabled={name.trim() === ""} />
    </fetcher.Form>
  );
}
