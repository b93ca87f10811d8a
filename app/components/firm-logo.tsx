import { useEffect, useRef, useState } from "react";

const PRODUCT_MARK = "/favicon.svg";

/**
 * The firm's icon (domain/company/firm-icon.ts), or the product's mark when the firm has
 * none or its image does not load. A broken image may fail before hydration, when React's
 * onError is not yet attached, so the mounted image is checked once too.
 */
export function FirmLogo({ icon, alt = "", className }: { icon: string | null | undefined; alt?: string; className: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const src = icon && broken !== icon ? icon : PRODUCT_MARK;
  useEffect(() => {
    const element = image.current;
    if (icon && element?.complete && element.naturalWidth === 0 && element.getAttribute("src") === icon) setBroken(icon);
  }, [icon]);
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      className={`${className} object-contain`}
      referrerPolicy="no-referrer"
      onError={() => {
        if (icon) setBroken(icon);
      }}
    />
  );
}
