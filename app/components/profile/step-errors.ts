import type { FieldErrorLink } from "~/components/error-summary";

type ConformField = { id: string; errors?: string[] };

/** The error summary's links: one per field with a problem, in form order, translated. */
export function summaryLinks(fields: readonly ConformField[], translate: (key: string) => string): FieldErrorLink[] {
  return fields.flatMap((field) => (field.errors?.length ? [{ fieldId: field.id, message: translate(field.errors[0]!) }] : []));
}
