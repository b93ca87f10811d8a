import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { withFirmHeldRetry } from "~/lib/firm-held-retry";
import { withClientTab } from "~/realtime/client-session";

// A write answered "held for a moment" (a firm moving between shards) is sent again, so no form
// loses what was typed; each write names its tab, so the tab ignores the echo of its own change.
window.fetch = withFirmHeldRetry(withClientTab(window.fetch.bind(window), window.location.origin), window.location.origin);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
