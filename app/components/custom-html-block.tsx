import { useRef } from "react";
import { CUSTOM_HTML_CSP } from "~/domain/company/custom-html";
import { useT } from "~/lib/i18n/i18n";

/**
 * The company's HTML in a sandboxed frame: no scripts, no forms, no top navigation, and a
 * CSP on top, so nothing in it can act in the viewer's session. The frame is sized to its
 * content after it loads (same-origin is allowed only so its height can be read).
 */
export function CustomHtmlBlock({ html }: { html: string }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const doc = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${CUSTOM_HTML_CSP}"><style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      ref={frame}
      title={t("customHtml.title")}
      sandbox="allow-same-origin"
      srcDoc={doc}
      className="h-24 w-full rounded-xl bg-white ring-1 ring-slate-200"
      onLoad={() => {
        const body = frame.current?.contentDocument?.body;
        if (body && frame.current) frame.current.style.height = `${Math.min(body.scrollHeight + 4, 600)}px`;
      }}
    />
  );
}
