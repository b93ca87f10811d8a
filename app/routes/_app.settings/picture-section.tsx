import { useEffect, useState, type ChangeEvent } from "react";
import { useRevalidator } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Avatar } from "~/components/avatar";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import { MAX_PICTURE_MB } from "~/lib/profile-picture";
import { useT } from "~/lib/i18n/i18n";

/** Choose a JPEG or PNG, see it, then save it (POST /api/v2/users/{id}/profile-picture). */
export function PictureUpload({ userId, name, current }: { userId: string; name: string; current: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const t = useT();
  const revalidator = useRevalidator();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    setFile(null);
    setPreview(null);
    if (!chosen) return;
    if (!["image/jpeg", "image/png"].includes(chosen.type)) return setError(t("settings.picture.typeError"));
    if (chosen.size > MAX_PICTURE_MB * 1024 * 1024) return setError(t("settings.picture.sizeError", { mb: MAX_PICTURE_MB }));
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }
  async function save() {
    if (!file) return;
    setBusy(true);
    const body = new FormData();
    body.set("image", file);
    const response = await fetch(`/api/v2/users/${userId}/profile-picture`, { method: "POST", body });
    setBusy(false);
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
      return setError(answer.errors?.image ?? answer.message ?? t("settings.picture.saveFailed"));
    }
    setFile(null);
    setPreview(null);
    toast(t("settings.picture.saved"));
    revalidator.revalidate();
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div data-testid="picture-preview">
        <Avatar name={name} src={preview ?? current} size="lg" />
      </div>
      <div className="flex-1 space-y-2">
        <label htmlFor="picture" className="block text-sm font-medium text-slate-700">
          {t("settings.picture.choose")}
        </label>
        <input
          id="picture"
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby="picture-hint"
          onChange={choose}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
        />
        <p id="picture-hint" className="text-sm text-slate-600">
          {t("settings.picture.hint", { mb: MAX_PICTURE_MB })}
        </p>
        <Alert message={error} />
        {file ? (
          <Button onClick={save} disabled={busy}>
            {busy ? t("common.saving") : t("settings.picture.save")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
