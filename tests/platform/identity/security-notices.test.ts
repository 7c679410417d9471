import { describe, expect, it } from "vitest";
import { factorNotice } from "../../../platform/identity/interactions/factor-notices.ts";
import type { Account } from "../../../platform/identity/store/accounts.ts";
import type { FactorEventKind } from "../../../platform/identity/store/factors.ts";
import type { OutgoingMessage, Outbox } from "../../../platform/identity/store/outbox.ts";

/** The e-mails a notice would send, kept instead of sent. */
function keptOutbox() {
  const sent: OutgoingMessage[] = [];
  const outbox = { deliver: async (message: OutgoingMessage) => (sent.push(message), true) } as unknown as Outbox;
  return { outbox, sent };
}

const account = (locale: "en" | "es"): Account => ({
  id: "A1",
  email: "ada@example.test",
  emailVerified: true,
  passwordHash: "",
  phone: "+15555550101",
  phoneMethods: ["sms"],
  firstName: "Ada",
  middleName: null,
  lastName: "Lovelace",
  locale,
});

const at = new Date("2026-11-28T21:05:00Z");
const context = { at, device: "Chrome on Linux", portalUrl: "https://portal.example.test/" };

/** What each security e-mail says changed, in each language. */
const changes: Record<FactorEventKind, { en: string; es: string }> = {
  "totp-added": { en: "An authenticator app was added to your account", es: "se agregó una aplicación de autenticación a su cuenta" },
  "totp-removed": { en: "The authenticator app was removed from your account", es: "se quitó la aplicación de autenticación de su cuenta" },
  "recovery-codes-created": { en: "New recovery codes were created for your account", es: "se crearon códigos de recuperación nuevos" },
  "recovery-code-used": { en: "A recovery code was used to sign in to your account", es: "se usó un código de recuperación" },
  "recovery-code-confirmed": {
    en: "A recovery code was used to confirm it was you on your account",
    es: "se usó un código de recuperación para confirmar que era usted",
  },
  "passkey-added": { en: "A passkey was added to your account", es: "se agregó una llave de acceso a su cuenta" },
  "passkey-removed": { en: "A passkey was removed from your account", es: "se quitó una llave de acceso de su cuenta" },
  "phone-changed": {
    en: "The phone number of your account was changed to (***) ***-0199",
    es: "se cambió el número de teléfono de su cuenta a (***) ***-0199",
  },
};

describe("a security e-mail about a change of sign-in methods", () => {
  for (const [kind, words] of Object.entries(changes) as Array<[FactorEventKind, { en: string; es: string }]>) {
    it(`says what changed, when, from which device, and what to do if it was not them (${kind})`, async () => {
      const { outbox, sent } = keptOutbox();
      await factorNotice(outbox, account("en"), kind, { ...context, phone: "+15555550199" });
      await factorNotice(outbox, account("es"), kind, { ...context, phone: "+15555550199" });
      const [english, spanish] = sent;
      expect(english!.body).toContain(words.en);
      expect(english!.body).toContain("on November 28, 2026 at 9:05 PM UTC");
      expect(english!.body).toContain("from Chrome on Linux");
      expect(english!.body).toContain(
        "If this was not you, someone may be signed in to your account: sign in, review your sign-in methods on Login & Security (https://portal.example.test/profile/security), choose a new password, and call participant support.",
      );
      expect(spanish!.locale).toBe("es");
      expect(spanish!.body).toContain(words.es);
      expect(spanish!.body).toContain("28 de noviembre de 2026");
      expect(spanish!.body).toContain("desde Chrome en Linux");
      expect(spanish!.body).toContain("Si no fue usted, alguien puede haber iniciado sesión en su cuenta");
      // Nothing secret: no code, and the new number masked.
      for (const message of sent) {
        expect(message.code).toBeUndefined();
        expect(message.body).not.toContain("5555550199");
      }
    });
  }

  it("names a device it could not recognise as such, in the e-mail's language", async () => {
    const { outbox, sent } = keptOutbox();
    await factorNotice(outbox, account("en"), "totp-added", { ...context, device: "Unknown device" });
    await factorNotice(outbox, account("es"), "totp-added", { ...context, device: "Unknown device" });
    expect(sent[0]!.body).toContain("from a device we could not recognise");
    expect(sent[1]!.body).toContain("desde un dispositivo que no pudimos reconocer");
  });
});
