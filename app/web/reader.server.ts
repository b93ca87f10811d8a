/**
 * Who reads a page's answer, for the words the server writes into it (decision 0307). The
 * Worker runs each page request inside `withReader`, so the page pipeline (page-form.server.ts)
 * can put a refusal or a result's note in the reader's language without each of its ninety
 * call sites passing the request along. The language is resolved once per request, as the
 * root loader resolves it: the person's choice, else the browser's, else the firm's.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { getActor } from "~/auth/session.server";
import type { LoadContext } from "~/env";
import { REFERENCE_LANGUAGE, resolveLanguage, translateText } from "~/lib/i18n/catalogs.server";

interface Reader {
  request: Request;
  context: LoadContext;
  language?: Promise<string>;
}

// One store per isolate, shared by the Worker's entry and the Remix build, which each bundle
// their own copy of this module.
const READERS = Symbol.for("availability.readers");
const readers: AsyncLocalStorage<Reader> = ((globalThis as Record<symbol, unknown>)[READERS] ??=
  new AsyncLocalStorage<Reader>()) as AsyncLocalStorage<Reader>;

export const withReader = <T>(request: Request, context: LoadContext, work: () => T): T => readers.run({ request, context }, work);

/** The reader's language for `request`: their choice, else the browser's, else the firm's. */
export async function languageOfRequest(request: Request, context: LoadContext): Promise<string> {
  // A failed lookup still answers in the browser's language.
  const actor = await getActor(request, context).catch(() => null);
  return resolveLanguage({
    chosen: actor?.user.language,
    acceptLanguage: request.headers.get("Accept-Language"),
    firmDefault: actor?.company.settings.language,
  }).language;
}

/** The language of the request being answered; English outside one (a cron, a test calling a function). */
export function readerLanguage(): Promise<string> {
  const reader = readers.getStore();
  if (!reader) return Promise.resolve(REFERENCE_LANGUAGE);
  return (reader.language ??= languageOfRequest(reader.request, reader.context));
}

/** `say(text)`: a text the server wrote in English, in the reader's language. */
export async function readerText(): Promise<(text: string) => string> {
  const language = await readerLanguage();
  return (text) => translateText(language, text);
}
