import { Suspense, useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { useT } from "~/lib/i18n/i18n";
import { Alert } from "./alert";
import { Button } from "./button";
import { loadedPanel, loadPanel, usePreloadDialogs } from "./modal-loader";
import type { ModalPanel as ModalPanelType } from "./modal-panel";

/**
 * The product's modal: a titled white panel over a dimmed page (modal-panel.tsx, fetched when
 * the page is idle or the dialog first opens: modal-loader.ts). Headless UI traps focus inside,
 * closes on Escape and outside clicks, and gives focus back to the opener. Put an `autoFocus`
 * (or `data-autofocus`) on the first field so typing can start at once. The children mount only
 * while the dialog is open, so their state starts fresh each time; a child that is itself lazy
 * (a dialog's form) shows "Loading..." in the panel. Opened before the dialog code is here, it
 * shows once the code arrives. Once opened, the panel stays mounted, so closing plays its
 * transition and hands the focus back.
 */
export function Modal(props: ComponentProps<typeof ModalPanelType>) {
  usePreloadDialogs();
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  const Panel = useLoadedPanel(opened);
  if (!opened || !Panel) return null;
  return (
    <Panel {...props}>
      <Suspense fallback={<DialogLoading />}>{props.children}</Suspense>
    </Panel>
  );
}

/**
 * The panel once its code is here, null until then (a failed load goes to the error boundary,
 * as a lazy form's does). Always the panel itself, never a stand-in such as a `React.lazy`
 * wrapper first: another component type in the same place remounts everything under it, and
 * a dialog opened before the code arrived lost its form and fetcher mid-save (the save went
 * through, the dialog stayed open with its fields emptied, its message never showed).
 */
function useLoadedPanel(wanted: boolean) {
  const [, setArrived] = useState(loadedPanel() !== null);
  const [failure, setFailure] = useState<unknown>(null);
  if (failure) throw failure;
  useEffect(() => {
    if (!wanted || loadedPanel()) return;
    let current = true;
    loadPanel().then(
      () => current && setArrived(true),
      (error: unknown) => current && setFailure(() => error),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  return loadedPanel();
}

function DialogLoading() {
  const t = useT();
  return (
    <p className="py-4 text-sm text-slate-500" role="status">
      {t("common.loading")}
    </p>
  );
}

/** The row of buttons at the bottom of a dialog: secondary first, the main action last. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>;
}

/** A form-level message in a dialog, such as the server's data.message. */
export function DialogError({ id, message }: { id?: string; message?: string | null }) {
  return <Alert id={id} message={message} className="mt-4" />;
}

/** A form dialog's buttons: Cancel, and the submit button saying what it does while it runs. */
export function FormActions({
  onCancel,
  busy,
  label,
  busyLabel,
  disabled,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </DialogActions>
  );
}
