import twilio from "twilio";
import { type Locale, programName, translate } from "../pages/i18n.ts";

/** The voice each language is read in (Amazon Polly through Twilio's <Say>): US English and US Spanish. */
const VOICES = {
  en: { voice: "Polly.Joanna", language: "en-US" },
  es: { voice: "Polly.Lupe", language: "es-US" },
} as const;

/**
 * A code's text message in the participant's language. Its last line binds the code to the hosted
 * pages' host (origin-bound one-time codes, `@host #code`), so a phone offers it only to those pages.
 */
export function smsBody(locale: Locale, code: string, pagesHost: string): string {
  return `${translate(locale, "phone.smsBody", { program: programName(locale), code })}\n\n@${pagesHost} #${code}`;
}

/** The TwiML of a code call: the code read digit by digit in the participant's language, twice, with a pause between. */
export function voiceTwiml(locale: Locale, code: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const voice = VOICES[locale];
  // The code read out one digit at a time ("4, 8, 2, 9, 1"), so no voice reads it as a number.
  const digits = code.split("").join(", ");
  response.pause({ length: 1 });
  response.say(voice, `${translate(locale, "phone.voiceIntro", { program: programName(locale) })} ${digits}.`);
  response.pause({ length: 2 });
  response.say(voice, `${translate(locale, "phone.voiceAgain")} ${digits}.`);
  response.say(voice, translate(locale, "phone.voiceBye"));
  return response.toString();
}
