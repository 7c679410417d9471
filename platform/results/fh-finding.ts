import * as z from "zod";

/** The genes a familial hypercholesterolemia (FH) report screens, in the order the report lists them. */
export const FH_GENES = ["LDLR", "APOB", "PCSK9"] as const;

/** The classifications that make an FH report positive (ACMG/AMP: pathogenic or likely pathogenic). */
const FH_CLASSIFICATIONS = ["pathogenic", "likely-pathogenic"] as const;

/**
 * What an FH report found: the gene, the variant in HGVS as a report prints it (coding change on the
 * transcript, then the protein change, e.g. `NM_000527.5:c.1775G>A (p.Gly592Glu)`), and its
 * classification. A report without one found none of concern in any gene screened.
 */
export const FhFindingSchema = z.object({
  gene: z.enum(FH_GENES),
  variant: z
    .string()
    .trim()
    .min(5)
    .max(120)
    .regex(/^(N[MG]_\d+\.\d+:)?[cg]\.\S+( \(p\.\S+\))?$/, { error: "not a variant in HGVS (c. or g., optional p. in brackets)" }),
  classification: z.enum(FH_CLASSIFICATIONS),
});
export type FhFinding = z.infer<typeof FhFindingSchema>;
