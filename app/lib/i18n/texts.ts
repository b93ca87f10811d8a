/**
 * Texts the server writes in English (a refusal's message, a validation message, a result's
 * note) are translated by their English words (decision 0307), the way gettext and Lingui's
 * own source-text ids work: the catalogs hold them under `server.*` keys, and a text is found
 * again by its English message, exactly or with its `{values}` read back out of it
 * ("Use at most {max} characters." matches "Use at most 200 characters."). The API keeps
 * answering in English; only what a page shows is translated, on the server for its replies
 * and in the browser for the checks it runs itself.
 */

/** The namespace of the catalogs whose English messages are the server's texts. */
export const SERVER_TEXT_PREFIX = "server.";

/** One server text: its English message and its key. */
export type TextEntry = readonly [english: string, key: string];

export interface TextMatch {
  key: string;
  values: Record<string, string>;
}

interface Pattern {
  regex: RegExp;
  names: string[];
  key: string;
}

export interface TextMatcher {
  exact: Map<string, string>;
  patterns: Pattern[];
}

const SIMPLE_ARGUMENT = /\{([A-Za-z_]\w*)\}/g;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The lookup for `entries`: exact texts, and messages whose only values are plain `{name}`s
 * as patterns (a message with a plural or a choice is matched only exactly).
 */
export function textMatcher(entries: readonly TextEntry[]): TextMatcher {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [english, key] of entries) {
    const names = [...english.matchAll(SIMPLE_ARGUMENT)].map((m) => m[1]);
    const withoutArguments = english.replace(SIMPLE_ARGUMENT, "");
    if (names.length === 0) {
      if (!/[{}]/.test(english)) exact.set(english, key);
      continue;
    }
    if (/[{}]/.test(withoutArguments)) continue;
    const source = english
      .split(SIMPLE_ARGUMENT)
      .map((part, i) => (i % 2 === 1 ? "(.+?)" : escapeRegex(part)))
      .join("");
    patterns.push({ regex: new RegExp(`^${source}$`, "s"), names, key });
  }
  // The most specific first: a longer fixed text wins over a shorter one.
  patterns.sort((a, b) => b.regex.source.length - a.regex.source.length);
  return { exact, patterns };
}

/** The key and values `text` was written from, or null when it is not a known server text. */
export function matchText(matcher: TextMatcher, text: string): TextMatch | null {
  const key = matcher.exact.get(text);
  if (key) return { key, values: {} };
  for (const { regex, names, key: patternKey } of matcher.patterns) {
    const found = regex.exec(text);
    if (found) return { key: patternKey, values: Object.fromEntries(names.map((name, i) => [name, found[i + 1]])) };
  }
  return null;
}

/** The server texts of a catalog, as [English, key] pairs. */
export function serverTextEntries(english: Record<string, string>): TextEntry[] {
  return Object.entries(english)
    .filter(([key]) => key.startsWith(SERVER_TEXT_PREFIX))
    .map(([key, message]) => [message, key] as const);
}
