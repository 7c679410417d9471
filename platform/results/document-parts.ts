import type { ReportLanguage } from "./report-content.ts";
import type { PatientRecord } from "./repository.ts";

const words = {
  en: { participant: "Participant", participantId: "Participant ID" },
  es: { participant: "Participante", participantId: "ID de participante" },
} satisfies Record<ReportLanguage, unknown>;

/** The participant's full name, as every document gives it. */
export const participantName = (patient: PatientRecord) =>
  [patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(" ");

/** Who a document is for, the first rows of its opening section: the participant's name and ID. */
export function participantRows(patient: PatientRecord, language: ReportLanguage): Array<[string, string]> {
  const w = words[language];
  return [
    [w.participant, participantName(patient)],
    [w.participantId, patient.userId],
  ];
}

/** A date as every document writes it: long, in the document's language, the day in UTC. */
export const documentDate = (at: Date, language: ReportLanguage) =>
  new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(at);
