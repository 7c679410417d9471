import { documentDate, participantName, participantRows } from "./document-parts.ts";
import { FH_GENES, type FhFinding } from "./fh-finding.ts";
import type { AppRecord, PatientRecord } from "./repository.ts";

export type ReportLanguage = "en" | "es";

/** What a report shows for one app: sections of short paragraphs or label/value rows. */
export interface ReportContent {
  language: ReportLanguage;
  title: string;
  participantName: string;
  sections: Array<{ heading: string; paragraphs?: string[]; rows?: Array<[string, string]> }>;
}

/** Every word of a report, in each language the program writes reports in. */
const words = {
  en: {
    demoNotice:
      "This report was generated from demonstration data. It contains no real genetic information and must not be used for any health decision.",
    about: "About this report",
    app: "App",
    date: "Report date",
    version: "Report version",
    changed: "What changed in this version",
    laboratory: "Laboratory",
    screened: "Screened conditions",
    noVariants: "No variants of concern were found among the conditions screened in this demonstration report.",
    genes: "Genes screened",
    noVariant: "No variant of concern",
    found: "What was found",
    classification: { pathogenic: "Pathogenic variant", "likely-pathogenic": "Likely pathogenic variant" },
    fhFound: (f: FhFinding) => [
      `A ${f.classification === "pathogenic" ? "pathogenic" : "likely pathogenic"} variant was found in the ${f.gene} gene: ${f.variant}.`,
      "A variant like this causes familial hypercholesterolemia (FH): high LDL cholesterol from birth, which raises the risk of heart disease early in life. Treatment lowers it.",
      "Your parents, brothers, sisters and children each have a one-in-two chance of carrying the same variant. A letter for your family, from this report's card, explains how they can be tested for it.",
      "Talk to your doctor or a genetic counsellor about what this result means for you.",
    ],
    fhNone:
      "No pathogenic or likely pathogenic variant was found in LDLR, APOB or PCSK9. This does not rule out high cholesterol from other causes: keep having your cholesterol checked as your doctor advises.",
    summary: "Summary",
    noVariantsGenes: "No variants of concern were found among the genes screened in this demonstration report.",
    composition: "Ancestry composition",
    yourTraits: "Your traits",
    ready: "Your results for this app are ready.",
    kinds: {
      health: "Health report",
      fh: "Familial hypercholesterolemia report",
      wellness: "Women's wellness report",
      ancestry: "Ancestry report",
      traits: "Traits report",
      other: "Report",
    },
    traits: [
      ["Caffeine metabolism", "Typical"],
      ["Lactose tolerance", "Likely tolerant"],
      ["Earwax type", "Wet"],
      ["Bitter taste perception", "Moderate"],
    ],
    ancestry: [
      ["Northwestern European", "41%"],
      ["Southern European", "27%"],
      ["Indigenous American", "18%"],
      ["West African", "14%"],
    ],
  },
  es: {
    demoNotice:
      "Este informe se generó con datos de demostración. No contiene información genética real y no debe usarse para ninguna decisión de salud.",
    about: "Acerca de este informe",
    app: "Aplicación",
    date: "Fecha del informe",
    version: "Versión del informe",
    changed: "Qué cambió en esta versión",
    laboratory: "Laboratorio",
    screened: "Afecciones analizadas",
    noVariants: "No se encontraron variantes preocupantes entre las afecciones analizadas en este informe de demostración.",
    genes: "Genes analizados",
    noVariant: "Ninguna variante preocupante",
    found: "Qué se encontró",
    classification: { pathogenic: "Variante patogénica", "likely-pathogenic": "Variante probablemente patogénica" },
    fhFound: (f: FhFinding) => [
      `Se encontró una variante ${f.classification === "pathogenic" ? "patogénica" : "probablemente patogénica"} en el gen ${f.gene}: ${f.variant}.`,
      "Una variante así causa hipercolesterolemia familiar (HF): colesterol LDL alto desde el nacimiento, que aumenta el riesgo de enfermedad cardíaca a una edad temprana. El tratamiento lo reduce.",
      "Sus padres, hermanos, hermanas e hijos tienen cada uno una probabilidad de una entre dos de tener la misma variante. Una carta para su familia, desde la tarjeta de este informe, explica cómo pueden hacerse la prueba.",
      "Hable con su médico o con un asesor genético sobre lo que este resultado significa para usted.",
    ],
    fhNone:
      "No se encontró ninguna variante patogénica ni probablemente patogénica en LDLR, APOB ni PCSK9. Esto no descarta el colesterol alto por otras causas: siga controlando su colesterol como le indique su médico.",
    summary: "Resumen",
    noVariantsGenes: "No se encontraron variantes preocupantes entre los genes analizados en este informe de demostración.",
    composition: "Composición de ascendencia",
    yourTraits: "Sus rasgos",
    ready: "Sus resultados de esta aplicación están listos.",
    kinds: {
      health: "Informe de salud",
      fh: "Informe de hipercolesterolemia familiar",
      wellness: "Informe de bienestar de la mujer",
      ancestry: "Informe de ascendencia",
      traits: "Informe de rasgos",
      other: "Informe",
    },
    traits: [
      ["Metabolismo de la cafeína", "Típico"],
      ["Tolerancia a la lactosa", "Probablemente tolerante"],
      ["Tipo de cerumen", "Húmedo"],
      ["Percepción del sabor amargo", "Moderada"],
    ],
    ancestry: [
      ["Europa del Noroeste", "41%"],
      ["Europa del Sur", "27%"],
      ["Indígena americana", "18%"],
      ["África Occidental", "14%"],
    ],
  },
} satisfies Record<ReportLanguage, unknown>;

type Words = (typeof words)[ReportLanguage];

function contentByAppName(app: AppRecord, w: Words): { kind: string; sections: ReportContent["sections"] } {
  const { appName, type } = app;
  switch (appName) {
    case "health":
      return { kind: w.kinds.health, sections: [{ heading: w.screened, paragraphs: [w.noVariants] }] };
    case "fh-health":
      return {
        kind: w.kinds.fh,
        sections: [
          { heading: w.found, paragraphs: app.fhFinding ? w.fhFound(app.fhFinding) : [w.fhNone] },
          {
            heading: w.genes,
            rows: FH_GENES.map((gene): [string, string] =>
              app.fhFinding?.gene === gene
                ? [gene, `${w.classification[app.fhFinding.classification]}: ${app.fhFinding.variant}`]
                : [gene, w.noVariant],
            ),
          },
        ],
      };
    case "women-wellness":
      return { kind: w.kinds.wellness, sections: [{ heading: w.summary, paragraphs: [w.noVariantsGenes] }] };
    case "ancestry":
      return { kind: w.kinds.ancestry, sections: [{ heading: w.composition, rows: w.ancestry as Array<[string, string]> }] };
    default:
      if (type === "traits" || appName.endsWith("traits")) {
        return { kind: w.kinds.traits, sections: [{ heading: w.yourTraits, rows: w.traits as Array<[string, string]> }] };
      }
      return { kind: w.kinds.other, sections: [{ heading: w.summary, paragraphs: [w.ready] }] };
  }
}

export function reportLanguage(value: unknown): ReportLanguage {
  return value === "es" ? "es" : "en";
}

/**
 * One app's report in the participant's language: who it is for, the app, the date and the lab's
 * accreditation first, then the results. The app's label is the Spanish one in Spanish when it has one.
 */
export function reportContentFor(
  patient: PatientRecord,
  app: AppRecord,
  options: {
    language: ReportLanguage;
    issuedAt: Date;
    laboratory: string;
    /** A reissued report's version, and what changed in it (none for the first). */
    version?: { number: number; change: string | null };
  },
): ReportContent {
  const w = words[options.language];
  const { kind, sections } = contentByAppName(app, w);
  const label = (options.language === "es" ? app.labelEs?.trim() || app.label : app.label)?.trim() || null;
  return {
    language: options.language,
    title: label ? `${label} — ${kind}` : kind,
    participantName: participantName(patient),
    sections: [
      {
        heading: w.about,
        paragraphs: [w.demoNotice],
        rows: [
          ...participantRows(patient, options.language),
          [w.app, label ?? kind],
          [w.date, documentDate(options.issuedAt, options.language)],
          ...(options.version ? [[w.version, String(options.version.number)] as [string, string]] : []),
          [w.laboratory, options.laboratory],
        ],
      },
      ...(options.version?.change ? [{ heading: w.changed, paragraphs: [options.version.change] }] : []),
      ...sections,
    ],
  };
}

export const isDownloadApp = (app: AppRecord) => app.appName === "exome-download";
