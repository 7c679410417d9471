import {
  getFormProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, useContext, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { $ZodType, input, output } from "zod/v4/core";
import type { FieldErrorLink } from "./error-summary";
import * as styles from "./profile/profile.css";
import { useSubmittingIntent } from "./use-submitting-intent";

type FormSchema = $ZodType<unknown, Record<string, unknown>>;
type LastResult = SubmissionResult<string[]> | undefined;

/** A conform form checked in the browser, on submit, against the same zod schema the action parses; `lastResult` is the server's answer. */
function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: { id: string; lastResult: LastResult; shouldRevalidate?: "onInput"; defaultValue?: DefaultValue<input<Schema>> },
) {
  return useForm<input<Schema>, output<Schema>>({ ...options, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
}

/** A step's form posting `intent`: the server's last answer to that intent, and whether the post is on its way. */
export function useStepForm<Schema extends FormSchema>(
  schema: Schema,
  id: string,
  intent: string,
  reply: { intent?: string; result?: LastResult } | undefined,
  shouldRevalidate?: "onInput",
) {
  const [form, fields] = useZodForm(schema, { id, lastResult: reply?.intent === intent ? reply.result : undefined, shouldRevalidate });
  return [form, fields, useSubmittingIntent(intent)] as const;
}

/** A page's own form, checked again as it is typed in once it shows an error; and whether it is posting. */
export function usePageForm<Schema extends FormSchema>(
  schema: Schema,
  id: string,
  lastResult: LastResult,
  defaultValue?: DefaultValue<input<Schema>>,
) {
  const [form, fields] = useZodForm(schema, { id, lastResult, shouldRevalidate: "onInput", defaultValue });
  return [form, fields, useNavigation().state === "submitting"] as const;
}

type Translate = (key: string) => string;

/** A field of a conform form, as the form's controls take it (`field` prop). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ZodField = FieldMetadata<any, any, string[]>;

const FieldErrorTranslation = createContext<Translate>((key) => key);

/** What a field shows under its label: its first error, translated (nothing when it has none). */
export function fieldError(field: { errors?: string[] }, translate: Translate): string | undefined {
  return field.errors?.length ? translate(field.errors[0]!) : undefined;
}

/** The error summary's links: one per field with a problem, in form order, translated. */
export function summaryLinks(fields: readonly { id: string; errors?: string[] }[], translate: Translate): FieldErrorLink[] {
  return fields.flatMap((field) => {
    const message = fieldError(field, translate);
    return message === undefined ? [] : [{ fieldId: field.id, message }];
  });
}

/** A control's props from its conform field (getInputProps's but `type`, which the control sets), its key and translated error. */
export function useZodField(field: ZodField | undefined) {
  const translate = useContext(FieldErrorTranslation);
  return field ? { props: getTextareaProps(field), key: field.key, error: fieldError(field, translate) } : { props: {} };
}

/** A conform form as a plain HTML post (with its intent where the route takes several); `translate` gives its fields' errors. */
export function ZodForm<Schema extends Record<string, unknown>>({
  form,
  action,
  intent,
  translate,
  className = styles.form,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  action?: string;
  intent?: string;
  translate: Translate;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} {...getFormProps(form)} className={className}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FieldErrorTranslation.Provider value={translate}>{children}</FieldErrorTranslation.Provider>
    </Form>
  );
}
