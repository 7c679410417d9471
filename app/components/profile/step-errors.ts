import type { FieldErrorLink } from "~/components/error-summary";

type ConformField = { id: string; errors?: string[] };

/** What a field shows under its label: its first error, translated (nothing when it has none). */
export function fieldError(field: { errors?: string[] }, translate: (key: string) => string): string | undefined {
  return field.errors?.length ? translate(field.errors[0]!) : undefined;
}

/** The error summary's links: one per field with a problem, in form order, translated. */
export function summaryLinks(fields: readonly ConformField[], translate: (key: string) => string): FieldErrorLink[] {
  return fields.flatMap((field) => {
    const message = fieldError(field, translate);
    return message === undefined ? [] : [{ fieldId: field.id, message }];
  });
}
