/**
 * The modules whose every word a person reads comes from the message catalogs in app/locales
 * (decision 0306, docs/i18n.md). eslint-plugin-i18next fails the lint on text written into
 * their JSX: as a child, or in an attribute a person reads or hears. A module joins this list
 * when it is translated, and never leaves it.
 */
export const TRANSLATED_FILES = [
  "app/root.tsx",
  "app/routes/_app.tsx",
  "app/components/flash-message.tsx",
  "app/routes/_app.settings/route.tsx",
  "app/routes/_app.settings/language-section.tsx",
  "app/routes/_app.settings/picture-section.tsx",
  "app/routes/_app.settings/devices-section.tsx",
  "app/routes/_app.settings/two-step-section.tsx",
  "app/routes/_app.settings/calendar-feed-section.tsx",
  "app/routes/_app.settings/team-calendar-feed-section.tsx",
  "app/routes/_app.settings/data-export-section.tsx",
  "app/routes/_app.settings/profile-section.tsx",
  "app/routes/_app.settings/outlook-away-section.tsx",
  "app/routes/_app.settings/web-push-section.tsx",
  "app/components/switch-button.tsx",
  "app/routes/login/route.tsx",
  "app/routes/login_.second-factor.tsx",
  "app/routes/login_.two-step-setup.tsx",
  "app/routes/signup.$id.tsx",
  "app/routes/reset.$resetHash.tsx",
  "app/routes/confirm-email.$token.tsx",
  "app/routes/account.confirm.tsx",
  "app/routes/reminder.$id.$answer.tsx",
  "app/routes/logout.tsx",
  "app/routes/$.tsx",
  "app/routes/_app.settings_.authenticator.tsx",
  "app/features/identity/auth-card.tsx",
  "app/features/identity/change-password-dialog.tsx",
  "app/features/identity/forgot-password-dialog.tsx",
  "app/features/identity/login-route.tsx",
  "app/features/identity/microsoft-sign-in.tsx",
  "app/features/identity/passkey-sign-in.tsx",
  "app/features/identity/teams-tab.tsx",
  "app/features/identity/webauthn-fetch.ts",
  "app/routes/_app.users._index/route.tsx",
  "app/routes/_app.users.all/route.tsx",
  "app/features/users/user-admin-ui.tsx",
  "app/features/users/user-dialogs.tsx",
  "app/features/users/user-table.ts",
  "app/routes/_app.groups/route.tsx",
  "app/routes/_app.groups_.$id.tsx",
  "app/features/company/catalog-forms.tsx",
  "app/features/company/catalog-entry-page.tsx",
  "app/routes/_app.projects._index/route.tsx",
  "app/routes/_app.projects.$id.($view)/route.tsx",
  "app/features/projects/add-project-dialog.tsx",
  "app/features/projects/entry-table.tsx",
  "app/features/projects/project-fields.tsx",
  "app/features/projects/project-hours.tsx",
  "app/features/projects/project-settings.tsx",
  "app/features/projects/project-tabs.tsx",
  "app/features/projects/project-widgets.tsx",
  "app/features/matters/detailed-view.tsx",
  "app/features/matters/report-pager.tsx",
  "app/features/matters/status-dot.tsx",
  "app/features/matters/stored-sort.ts",
  "app/features/matters/utilization-view.tsx",
  "app/routes/_app.competences._index.tsx",
  "app/routes/_app.competences.$id.($view).tsx",
  "app/features/competences/competence-forms.tsx",
  "app/features/identity/passkeys-section.tsx",
  "app/features/identity/change-password-button.tsx",
];

/** Message keys ("settings.title") are not words; nor are numbers, marks or CONSTANTS. */
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
    words: { exclude: [MESSAGE_KEY, "[0-9!-/:-@[-`{-~\\s]+", "[A-Z_-]+"] },
    message: "A person reads this: put it in the catalogs (app/locales) and use t(key). See docs/i18n.md.",
  },
];
