import type { AppRecord, PatientRecord } from "./repository.ts";

/** What a report page shows for one app: sections of short paragraphs or label/value rows. */
export interface ReportContent {
  title: string;
  sections: Array<{ heading: string; paragraphs?: string[]; rows?: Array<[string, string]> }>;
}

const DEMO_NOTICE =
  "This report was generated from demonstration data. It contains no real genetic information and must not be used for any health decision.";

const traitsRows: Array<[string, string]> = [
  ["Caffeine metabolism", "Typical"],
  ["Lactose tolerance", "Likely tolerant"],
  ["Earwax type", "Wet"],
  ["Bitter taste perception", "Moderate"],
];

const ancestryRows: Array<[string, string]> = [
  ["Northwestern European", "41%"],
  ["Southern European", "27%"],
  ["Indigenous American", "18%"],
  ["West African", "14%"],
];

function contentByAppName(appName: string, type: string | null): Omit<ReportContent, "title"> & { kind: string } {
  switch (appName) {
    case "health":
      return {
        kind: "Health report",
        sections: [
          {
            heading: "Screened conditions",
            paragraphs: ["No variants of concern were found among the conditions screened in this demonstration report."],
          },
        ],
      };
    case "fh-health":
      return {
        kind: "Familial hypercholesterolemia report",
        sections: [
          {
            heading: "Genes screened",
            rows: [
              ["LDLR", "No variant of concern"],
              ["APOB", "No variant of concern"],
              ["PCSK9", "No variant of concern"],
            ],
          },
        ],
      };
    case "women-wellness":
      return {
        kind: "Women's wellness report",
        sections: [
          { heading: "Summary", paragraphs: ["No variants of concern were found among the genes screened in this demonstration report."] },
        ],
      };
    case "ancestry":
      return { kind: "Ancestry report", sections: [{ heading: "Ancestry composition", rows: ancestryRows }] };
    default:
      if (type === "traits" || appName.endsWith("traits")) {
        return { kind: "Traits report", sections: [{ heading: "Your traits", rows: traitsRows }] };
      }
      return { kind: "Report", sections: [{ heading: "Summary", paragraphs: ["Your results for this app are ready."] }] };
  }
}

export function reportContentFor(patient: PatientRecord, app: AppRecord): ReportContent {
  const { kind, sections } = contentByAppName(app.appName, app.type);
  const name = [patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(" ");
  return {
    title: app.label ? `${app.label} — ${kind}` : kind,
    sections: [
      {
        heading: "About this report",
        paragraphs: [DEMO_NOTICE],
        rows: [
          ["Participant", name],
          ["Participant ID", patient.userId],
        ],
      },
      ...sections,
    ],
  };
}

/** Apps whose result is a file to download instead of a page to read. */
export const isDownloadApp = (app: AppRecord) => app.appName === "exome-download";
