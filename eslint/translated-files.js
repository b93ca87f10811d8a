/**
 * Every module of the app is translated: each word a person reads comes from the message
 * catalogs in app/locales (decisions 0306, 0307; docs/i18n.md). eslint-plugin-i18next fails
 * the lint on text written into JSX, as a child or in an attribute a person reads or hears,
 * in every app/**\/*.tsx file, a new one included, except these, each for its reason.
 */
export const TRANSLATED_FILES = ["app/**/*.tsx"];

export const UNTRANSLATED_FILES = [
  // The privacy policy is a reviewed legal text written whole in each language (Swedish and
  // English, as the spec asks); the page shows the reader's language and links to the other.
  "app/routes/privacy.tsx",
  // A developer's mailbox for the loopback SMTP fake; not served in production.
  "app/routes/dev.mailbox.tsx",
];

/** Message keys ("settings.title") are not words; nor are numbers, marks (the typographic ones too: "–" for no value, " · ") or CONSTANTS. */
const MESSAGE_KEY = "^[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9]+)+$";

export const untranslatedTextRule = [
  "error",
  {
    mode: "jsx-only",
    "jsx-attributes": {
      include: ["title", "aria-label", "aria-description", "aria-valuetext", "placeholder", "alt", "label", "busyLabel", "message", "heading"],
    },
    // Calls whose string arguments are code, not words (a field's input type, a message key).
    callees: { exclude: ["t", "i18n(ext)?", "inputProps", "getInputProps", "getSelectProps", "require", "includes", "startsWith", "endsWith"] },
    words: { exclude: [MESSAGE_KEY, "[0-9!-/:-@[-`{-~\\s·–—−‹›]+", "[A-Z_-]+"] },
    message: "A person reads this: put it in the catalogs (app/locales) and use t(key). See docs/i18n.md.",
  },
];
