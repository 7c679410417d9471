import { style } from "@vanilla-extract/css";

/** A phone number never breaks across lines ('(800) 555-' on one line and '0199' on the next). */
export const phoneNumber = style({ whiteSpace: "nowrap" });
