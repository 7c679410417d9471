import { SegmentedMessage } from "sms-segments-calculator";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../platform/identity/pages/i18n.ts";
import { smsBody } from "../../../platform/identity/phone/phone-content.ts";

/**
 * Every text the identity service sends fits one SMS segment in every language, counted as the
 * provider counts it (Twilio's own segment calculator): GSM-7 (160 characters) with no character
 * outside its alphabet, so a Spanish text never falls back to UCS-2 (70 characters) and costs two or
 * three segments. The longest code and the hosted pages' host line (`@host #code`) are part of it.
 */
const LOCALES: Locale[] = ["en", "es"];
/** Every SMS template, as it is sent: today the code text (phone-content.ts). */
const TEMPLATES = { code: (locale: Locale, host: string) => smsBody(locale, "987654", host) };
/** A host name an operator may well give the hosted pages (30 characters). */
const HOST = "signin.dnadiscovery.example.org";

const segmentsOf = (text: string) => new SegmentedMessage(text, "auto");

describe("every text fits one SMS segment", () => {
  for (const [name, template] of Object.entries(TEMPLATES)) {
    for (const locale of LOCALES) {
      it(`the ${name} text in ${locale}: GSM-7, one segment, with a ${HOST.length}-character host`, () => {
        const message = segmentsOf(template(locale, HOST));
        expect(message.getNonGsmCharacters()).toEqual([]);
        expect(message.encodingName).toBe("GSM-7");
        expect(message.segmentsCount).toBe(1);
      });
    }
  }

  it("counts as the provider does: an accented Spanish letter outside GSM-7 turns a text into UCS-2 and several segments", () => {
    const accented = segmentsOf(smsBody("es", "987654", HOST).replace("codigo", "código"));
    expect(accented.getNonGsmCharacters()).toEqual(["ó"]);
    expect(accented.encodingName).toBe("UCS-2");
    expect(accented.segmentsCount).toBeGreaterThan(1);
  });
});
