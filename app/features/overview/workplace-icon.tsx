import { Icon, LOCATION_ICONS } from "~/components/icon";
/**
 * The work-location icons of the dashboard's week widget, without pulling the widget (and
 * its date picker) into the overview's bundle.
 */
export function LocationIcon({ option, className = "h-4 w-4" }: { option: 0 | 1 | 2 | 3; className?: string }) {
  return <Icon name={LOCATION_ICONS[option]} className={className} />;
}
