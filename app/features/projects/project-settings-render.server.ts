/**
 * The project settings tab for the server's render only: the browser build empties `.server`
 * modules, so the route's page loads the tab (and conform with its form, 7.6 KiB gzip) when
 * the tab is shown, not with every project page (decision 0292).
 */
export { SettingsTab } from "./project-settings";
