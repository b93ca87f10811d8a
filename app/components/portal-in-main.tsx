import { Portal } from "@headlessui/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * Headless UI portals an anchored menu to the end of <body>, outside every landmark, so a
 * screen reader's region list (and axe's `region` rule) loses it. Inside this group the
 * menu is portalled into the page's <main> instead.
 */
export function PortalInMain({ children }: { children: ReactNode }) {
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    target.current = document.getElementById("main");
  }, []);
  // Portal.Group is the exported name of PortalGroup in @headlessui/react 2.2.
  return <Portal.Group target={target}>{children}</Portal.Group>;
}
