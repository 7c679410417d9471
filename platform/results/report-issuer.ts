import { site } from "../../app/config/site.ts";
import programNames from "../../app/locales/en/common.json" with { type: "json" };

/**
 * Who issues the reports, from the settings the portal shows in its footer: the program's name and
 * the lab's accreditation numbers (one place to change each).
 */
export const reportIssuer = {
  programName: programNames.programName,
  laboratory: `CLIA #${site.accreditation.clinicalLabCertification} · CAP #${site.accreditation.pathologyCollegeCertification}`,
};
