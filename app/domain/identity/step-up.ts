/**
 * The step-up's words and window (decision 0276), in a plain module: the settings dialogs
 * show the same sentence the server answers.
 */
export const STEP_UP_MINUTES = 10;

export const STEP_UP_PASSWORD = `Enter your password to confirm: this change needs a sign-in within the last ${STEP_UP_MINUTES} minutes.`;
export const STEP_UP_SIGN_IN = `Sign in again to make this change: it needs a sign-in within the last ${STEP_UP_MINUTES} minutes.`;

/** What a page tells its dialogs: when the window ends (null: it has), and whether the person has a password. */
export interface StepUp {
  until: string | null;
  byPassword: boolean;
}
