import { useEffect, useRef, type ReactNode } from "react";
import { FieldFrame, useFieldControl } from "~/components/field-parts";
import * as field from "~/components/field.css";

type Props = {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  zones: readonly string[];
  defaultValue: string;
  /** With JavaScript, the browser's own zone replaces the default, unless the participant chose one already. */
  followBrowser: boolean;
};

/** The participant's time zone, by its IANA name (the windows are read in it). */
export function TimeZoneField({ id, name, label, hint, error, zones, defaultValue, followBrowser }: Props) {
  const { controlId, control, described } = useFieldControl({ id }, { hint, error });
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
      <select {...control} ref={select} name={name} defaultValue={defaultValue} className={field.input} {...described}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
