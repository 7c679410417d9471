import type { ReactNode } from "react";
import { site } from "~/config/site";
import { classNames } from "./class-names";
import * as styles from "./support-links.css";

interface SupportLinkProps {
  /** Filled in by `<Trans>` from the translated sentence, or given directly. */
  children?: ReactNode;
  className?: string;
}

export function SupportEmailLink({ children, className }: SupportLinkProps) {
  return (
    <a href={`mailto:${site.support.email}`} className={className}>
      {children}
    </a>
  );
}

export function SupportPhoneLink({ children, className }: SupportLinkProps) {
  return (
    <a href={`tel:${site.support.phone}`} className={classNames(styles.phoneNumber, className)}>
      {children}
    </a>
  );
}
