import clsx from "clsx";

/** The picture when there is one, otherwise the first letter of the name. */
export function Avatar({ name, src, size = "md" }: { name: string; src?: string | null; size?: "sm" | "md" | "lg" }) {
  const sizes = { sm: "h-8 w-8 text-sm", md: "h-10 w-10 text-base", lg: "h-16 w-16 text-2xl" };
  if (src) return <img src={src} alt="" className={clsx("shrink-0 rounded-full object-cover", sizes[size])} />;
  return (
    <span
      aria-hidden="true"
      className={clsx("inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700", sizes[size])}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
