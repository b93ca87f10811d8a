const paths: Record<string, string> = {
  "0": "M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M2 21h20M8 7h4M8 11h4M8 15h4",
  "1": "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z",
  "2": "M5 5l14 14M19 5 5 19",
  "3": "M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5",
};

/**
 * The work-location icons of the dashboard's week widget, without pulling the widget (and
 * its date picker) into the overview's bundle.
 */
export function LocationIcon({ option, className = "h-4 w-4" }: { option: 0 | 1 | 2 | 3; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={paths[String(option)]} />
    </svg>
  );
}
