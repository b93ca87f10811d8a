/**
 * An office as people can tell it apart. A firm may have several offices of one name (Demo
 * Law has three "Stockholm"s, one per group), so wherever an office is chosen or listed its
 * group goes beside it, as /overview's filter shows it (issue 27, item 7).
 */
export function officeWithGroup(office: string, group: string | null | undefined): string {
  return group ? `${office} (${group})` : office;
}

/** The same for a choice that names its group by id (TeamChoices, the projects' choices). */
export function officeChoiceLabel(office: { name: string; group: string }, groups: readonly { _id: string; name: string }[]): string {
  return officeWithGroup(office.name, groups.find((group) => group._id === office.group)?.name);
}
