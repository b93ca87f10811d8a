/**
 * The profile form for the server's render only: the browser build empties `.server` modules,
 * so the settings page loads the form (and conform with it, 7.6 KiB gzip) after the page's
 * first load, while the server's markup is already on screen (decision 0292).
 */
export { ProfileForm } from "./profile-section";
