import { useCallback, type ReactNode } from "react";
import { useT } from "~/lib/i18n/i18n";
import { Button } from "./button";
import { DialogActions, DialogError } from "./dialog";
import { Hidden } from "./hidden-fields";
import { Icon } from "./icon";
import { DialogButton } from "./list-block";
import { useToast } from "./toast";
import { useDialogFetcher } from "./use-dialog-fetcher";

/** A red 'Delete' button that asks first: the question (`children`) and ConfirmForm in a dialog titled `title`. */
export function DeleteButton({
  title,
  intent,
  confirmation,
  children,
}: {
  title: string;
  intent: string;
  confirmation?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <DialogButton
      title={title}
      button={(open) => (
        <Button variant="danger" onClick={open}>
          <Icon name="trash" />
          {t("common.delete")}
        </Button>
      )}
    >
      {(close) => (
        <ConfirmForm intent={intent} onClose={close} confirmation={confirmation}>
          {children}
        </ConfirmForm>
      )}
    </DialogButton>
  );
}

/** A question with Cancel and a red confirm button, e.g. before a delete. */
export function ConfirmForm({
  intent,
  id,
  confirmLabel,
  busyLabel,
  onClose,
  confirmation,
  children,
  fields,
}: {
  onClose: () => void;
  intent: string;
  id?: string;
  confirmLabel?: string;
  busyLabel?: string;
  /** The toast once done, e.g. "Deleted Nora Newcomer". */
  confirmation?: string;
  children: ReactNode;
  /** Fields below the question (a step-up's password), given the answer's field errors. */
  fields?: (errors: Record<string, string[] | null> | undefined) => ReactNode;
}) {
  const t = useT();
  const show = useToast();
  const done = useCallback(() => {
    show(confirmation ?? t("common.deleted"));
    onClose();
  }, [confirmation, show, onClose, t]);
  const fetcher = useDialogFetcher(done);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const message = answer?.[""]?.[0];
  return (
    <fetcher.Form method="post">
      <Hidden values={{ intent, id }} />
      <div className="text-sm text-slate-600">{children}</div>
      {fields ? <div className="mt-4">{fields(answer ?? undefined)}</div> : null}
      <DialogError message={message} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose} data-autofocus>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? (busyLabel ?? t("common.deleting")) : (confirmLabel ?? t("common.delete"))}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
