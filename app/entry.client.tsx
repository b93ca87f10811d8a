import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { withFirmHeldRetry } from "~/lib/firm-held-retry";

// A write answered "held for a moment" (a firm moving between shards) is sent again, so no form loses what was typed.
window.fetch = withFirmHeldRetry(window.fetch.bind(window), window.location.origin);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
