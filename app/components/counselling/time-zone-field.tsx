import { useEffect, useRef, type ReactNode } from "react";
import { FieldFrame, useFieldControl } from "~/components/field-parts";
import * as styles from "~/components/field.css";
import { useZodField, type ZodField } from "~/components/zod-form";

type Props = {
  field: ZodField;
  label: ReactNode;
  hint?: ReactNode;
  zones: readonly string[];
  defaultValue: string;
  /** With JavaScript, the browser's own zone replaces the default, unless the participant chose one already. */
  followBrowser: boolean;
};

/** The participant's time zone, by its IANA name (the windows are read in it). */
export function TimeZoneField({ field, label, hint, zones, defaultValue, followBrowser }: Props) {
  const { props, key, error } = useZodField(field);
  const { controlId, control, described } = useFieldControl(props, { hint, error });
  const initial = typeof field.initialValue === "string" ? field.initialValue : defaultValue;
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (!followBrowser || !select.current) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zones.includes(browserZone) && select.current.value === defaultValue) select.current.value = browserZone;
    // Once, when the page is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <FieldFrame controlId={controlId} label={label} hint={hint} error={error}>
      <select key={key} {...control} ref={select} defaultValue={initial} className={styles.input} {...described}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
