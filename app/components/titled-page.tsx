import type { ReactNode } from "react";
import * as profile from "~/components/profile/profile.css";
import { page } from "~/components/shares/shares.css";

type TitledPageProps = { headingId: string; heading: ReactNode; className?: string; children: ReactNode };

/** A page's own content in the share pages' frame (or `className`'s): a region named by its h1. */
export function TitledPage({ headingId, heading, className = page, children }: TitledPageProps) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h1 id={headingId} className={profile.heading}>
        {heading}
      </h1>
      {children}
    </section>
  );
}
