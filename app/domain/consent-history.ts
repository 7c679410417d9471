import { site } from "~/config/site";
import type { ConsentRecord, ResultApp } from "./patient-results";

/** The program's own consents; every other consent is a study's, named by its app. */
const PROGRAM_CONSENTS = ["platform", "research"] as const;

export type ConsentEntry = ConsentRecord & {
  /** A translation key for the program's consents; else the study's labels, as its result card has them (`appLabel`). */
  nameKey: string | null;
  study: Pick<ResultApp, "label" | "labelEs"> | null;
  /** The very version the participant signed, or null when the portal does not know the document. */
  documentUrl: string | null;
};

function documentBase(consent: string): string | null {
  if (consent === "platform") return site.legal.platformConsentUrl;
  if (consent === "research") return site.legal.researchConsentUrl;
  const products: Record<string, { consentUrl: string | null } | undefined> = site.products;
  return products[consent]?.consentUrl ?? null;
}

/** The consent history as My Studies lists it: newest first, each with its name and its document. */
export function consentEntries(
  consents: readonly ConsentRecord[],
  apps: readonly Pick<ResultApp, "appName" | "label" | "labelEs">[],
): ConsentEntry[] {
  return consents
    .map((record) => {
      const program = (PROGRAM_CONSENTS as readonly string[]).includes(record.consent);
      const app = apps.find((candidate) => candidate.appName === record.consent);
      const base = documentBase(record.consent);
      return {
        ...record,
        nameKey: program ? `studies.history.names.${record.consent}` : null,
        study: program ? null : { label: app?.label ?? record.consent, labelEs: app?.labelEs ?? null },
        documentUrl: base ? `${base}?version=${encodeURIComponent(record.version)}` : null,
      };
    })
    .toSorted((a, b) => b.givenOn.localeCompare(a.givenOn) || a.consent.localeCompare(b.consent));
}
