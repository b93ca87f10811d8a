import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { SelectField } from "~/components/select-field";
import { useT } from "~/lib/i18n/i18n";

export interface LanguageState {
  chosen: string | null;
  automatic: { language: string; source: "chosen" | "browser" | "firm" | "fallback" };
  options: { value: string; name: string }[];
}

/**
 * The app's language (decision 0306): one of the catalogs, or automatic (the browser's, else
 * the firm's). A plain form post, so the page comes back whole in the new language.
 */
export function LanguageSection({ language }: { language: LanguageState }) {
  const t = useT();
  const answer = useActionData<{ ok: false; intent: "setLanguage"; message: string }>();
  const busy = useNavigation().formData?.get("intent") === "setLanguage";
  const automaticName = language.options.find((option) => option.value === language.automatic.language)?.name ?? language.automatic.language;
  const automatic = t("settings.language.automatic", { name: automaticName });
  const error = answer?.intent === "setLanguage" ? answer.message : null;
  return (
    <Form method="post" reloadDocument className="space-y-3">
      <input type="hidden" name="intent" value="setLanguage" />
      <SelectField
        id="language"
        name="language"
        label={t("settings.language.label")}
        defaultValue={language.chosen ?? ""}
        aria-describedby="language-hint"
        options={[{ value: "", label: automatic }, ...language.options.map((option) => ({ value: option.value, label: option.name }))]}
        className="max-w-sm"
      />
      <p id="language-hint" className="text-sm text-slate-600">
        {t("settings.language.hint")}
      </p>
      {error ? <Alert message={error} /> : null}
      <Button type="submit" disabled={busy}>
        {t("settings.language.save")}
      </Button>
    </Form>
  );
}
