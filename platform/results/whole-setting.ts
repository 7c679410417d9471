/** A reader of whole-number settings: the fallback when unset, otherwise a whole number from min to max or a refusal naming `kind`. */
export const wholeSetting = (kind: string) => (value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`Invalid ${kind} setting: ${value}`);
  return parsed;
};
