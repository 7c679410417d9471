import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";

type ZodFormOptions<Schema extends $ZodType> = {
  id: string;
  /** The server's answer to the last post of this form, shown with what was typed. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** Check a field again as it is typed in, once it has shown an error (otherwise only on submit). */
  shouldRevalidate?: "onInput";
  defaultValue?: DefaultValue<input<Schema>>;
};

/** A conform form checked in the browser, on submit, against the same zod schema the action parses. */
export function useZodForm<Schema extends $ZodType<unknown, Record<string, unknown>>>(schema: Schema, options: ZodFormOptions<Schema>) {
  return useForm<input<Schema>, output<Schema>>({ ...options, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
}
