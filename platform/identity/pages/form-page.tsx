import type { ReactNode } from "react";
import { type PageOptions, renderPage } from "./document.tsx";
import { ErrorSummary, type FieldError, FormErrors } from "./parts.tsx";

/**
 * A page with a form: its title says when there are errors, and the error summary comes first, where
 * it takes focus (the first field takes it when there are none).
 */
export function renderFormPage(options: Omit<PageOptions, "hasErrors"> & { errors?: readonly FieldError[] }, body: ReactNode): string {
  const { errors = [], ...page } = options;
  return renderPage(
    { ...page, hasErrors: errors.length > 0 },
    <FormErrors.Provider value={errors}>
      <ErrorSummary locale={page.locale} errors={errors} />
      {body}
    </FormErrors.Provider>,
  );
}
