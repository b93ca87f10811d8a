/** A row of the /users and /users/all pages: only what the tables and dialogs show. */
export interface UserRow {
  _id: string;
  name: string;
  title: string;
  email: string;
  completed: boolean;
  admin: boolean;
  administratorPriviliges: boolean;
  companyAdmin: boolean;
  utilizationViewOthersPriviliges: boolean;
  detailedViewPriviliges: boolean;
  detailedViewHoursPriviliges: boolean;
  /** Erased (decision 0300): listed as 'Erased person', nothing left to change. */
  erased: boolean;
  group: { _id: string; name: string } | null;
  office: { _id: string; name: string } | null;
  secondaryGroup: { _id: string; name: string } | null;
  secondaryOffice: { _id: string; name: string } | null;
}
