/**
 * A kit's barcode: twelve digits, printed in three groups of four ('4802 7315 9064'), the last a Damm
 * check digit over the eleven before it. Damm's table catches every single mistyped digit and every
 * swap of two neighbouring digits, the two mistakes people make most when copying a number. The
 * portal checks it before asking the results service, and the results service checks it again.
 */

export const KIT_BARCODE_DIGITS = 12;

/** Damm's totally anti-symmetric quasigroup of order 10 (H. M. Damm, 2004). */
const DAMM: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** The check digit that follows `digits` (decimal digits only); "0" after a whole barcode whose check digit is right. */
export function kitCheckDigit(digits: string): string {
  let interim = 0;
  for (const digit of digits) interim = DAMM[interim]![Number(digit)]!;
  return String(interim);
}

export type KitBarcodeCheck = { ok: true; barcode: string } | { ok: false; problem: "empty" | "format" | "check-digit" };

/** Whether a typed barcode is one: twelve digits (spaces and hyphens aside) whose last checks the rest. */
export function checkKitBarcode(typed: string): KitBarcodeCheck {
  const barcode = typed.replace(/[\s-]/g, "");
  if (barcode === "") return { ok: false, problem: "empty" };
  if (!new RegExp(`^\\d{${KIT_BARCODE_DIGITS}}$`).test(barcode)) return { ok: false, problem: "format" };
  if (kitCheckDigit(barcode) !== "0") return { ok: false, problem: "check-digit" };
  return { ok: true, barcode };
}

/** As printed on the kit: three groups of four. */
export function formatKitBarcode(barcode: string): string {
  return barcode.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** A new barcode from eleven random digits (the lab's, or a test's): its check digit appended. */
export function kitBarcodeFrom(elevenDigits: string): string {
  return elevenDigits + kitCheckDigit(elevenDigits);
}
