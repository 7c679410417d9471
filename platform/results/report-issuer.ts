import { accreditation } from "../../lib/program/site.ts";
import { programName } from "../../lib/program/strings.ts";

/**
 * Who issues the reports, from the settings the portal shows in its footer (lib/program, shared with
 * the portal): the program's name and the lab's accreditation numbers (one place to change each).
 */
export const reportIssuer = {
  /** The program's name in the document's language ('Programa DNA Discovery' in Spanish), as the portal writes it. */
  programName: (language: "en" | "es") => programName(language),
  laboratory: `CLIA #${accreditation.clinicalLabCertification} · CAP #${accreditation.pathologyCollegeCertification}`,
};
