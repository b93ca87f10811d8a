/** One signed-in device of the person: a session that is still open (decision 0176); this one is `current`. */
export interface Device {
  id: string;
  label: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}
