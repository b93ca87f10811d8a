import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useT, type MessageKey } from "~/lib/i18n/i18n";
import { useToast } from "./toast";

/**
 * One-time messages after a redirect, named by `?flash=` (sign-up done, password changed),
 * shown as the toast (the shell's ToastProvider starts with it, so it is in the server's
 * HTML; a client navigation to a flash URL shows it here). Only known keys show a text, so
 * the address cannot put words on the page. The parameter is removed from the address at once.
 */
/** Each flash's message (app/locales). */
export const FLASH_TEXT = {
  signup: "flash.signup",
  passwordChanged: "flash.passwordChanged",
  projectCreated: "flash.projectCreated",
  languageSaved: "flash.languageSaved",
} as const satisfies Record<string, MessageKey>;

export type FlashKey = keyof typeof FLASH_TEXT;

export function withFlash(path: string, key: FlashKey): string {
  return `${path}${path.includes("?") ? "&" : "?"}flash=${key}`;
}

/** The flash a URL carries, if it names a known one. */
export function flashKeyOf(search: string): FlashKey | null {
  const key = new URLSearchParams(search).get("flash");
  return key && key in FLASH_TEXT ? (key as FlashKey) : null;
}

export function FlashMessage() {
  const location = useLocation();
  const key = flashKeyOf(location.search);
  const show = useToast();
  const t = useT();

  useEffect(() => {
    if (!key) return;
    show(t(FLASH_TEXT[key]));
    const url = new URL(window.location.href);
    url.searchParams.delete("flash");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [key, show, t]);

  return null;
}
