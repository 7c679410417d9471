import { documentDate, participantName, participantRows } from "../document-parts.ts";
import type { ReportContent, ReportLanguage } from "../report-content.ts";
import type { AppRecord, ConsentRecord, PatientRecord } from "../repository.ts";

const words = {
  en: {
    names: { platform: "Platform consent", research: "Research consent" } as Record<string, string>,
    study: (name: string) => `Consent to the ${name} study`,
    title: (name: string, version: string) => `${name}, version ${version}`,
    record: "Your consent",
    version: "Version",
    given: "Given on",
    withdrawn: "Withdrawn on",
    inEffect: "In effect",
    status: "Status",
    notice:
      "This is the record of the consent you gave, in the version you signed. It was generated from demonstration data and is not a real consent document.",
  },
  es: {
    names: { platform: "Consentimiento de la plataforma", research: "Consentimiento de investigación" } as Record<string, string>,
    study: (name: string) => `Consentimiento del estudio ${name}`,
    title: (name: string, version: string) => `${name}, versión ${version}`,
    record: "Su consentimiento",
    version: "Versión",
    given: "Otorgado el",
    withdrawn: "Retirado el",
    inEffect: "Vigente",
    status: "Estado",
    notice:
      "Este es el registro del consentimiento que otorgó, en la versión que firmó. Se generó con datos de demostración y no es un documento de consentimiento real.",
  },
} satisfies Record<ReportLanguage, unknown>;

/** The consent's name in the participant's language: the program's two consents, or the study's app label. */
function consentName(consent: string, apps: readonly AppRecord[], language: ReportLanguage): string {
  const w = words[language];
  if (w.names[consent]) return w.names[consent];
  const app = apps.find((candidate) => candidate.appName === consent);
  const label = (language === "es" ? app?.labelEs || app?.label : app?.label)?.trim();
  return w.study(label || consent);
}

const calendarDay = (day: string, language: ReportLanguage) => documentDate(new Date(`${day}T00:00:00Z`), language);

/** One signed consent as a document: which consent and version, who gave it, when, and whether it still holds. */
export function consentDocumentContent(
  patient: PatientRecord,
  consent: ConsentRecord,
  apps: readonly AppRecord[],
  language: ReportLanguage,
): ReportContent {
  const w = words[language];
  return {
    language,
    title: w.title(consentName(consent.consent, apps, language), consent.version),
    participantName: participantName(patient),
    sections: [
      {
        heading: w.record,
        paragraphs: [w.notice],
        rows: [
          ...participantRows(patient, language),
          [w.version, consent.version],
          [w.given, calendarDay(consent.givenOn, language)],
          consent.withdrawnOn ? [w.withdrawn, calendarDay(consent.withdrawnOn, language)] : [w.status, w.inEffect],
        ],
      },
    ],
  };
}
