import { describe, expect, it } from "vitest";
import { type ChallengeView, renderChallengePage } from "../../../platform/identity/pages/challenge-page.tsx";

const view: ChallengeView = {
  locale: "en",
  action: "/interaction/abc/challenge",
  channel: "sms",
  maskedPhone: "(***) ***-0142",
  resendInSeconds: 0,
  securityHref: "https://portal.example/profile/security",
};

/** The part of the page from 'Didn't get a code?' to the end of its disclosure. */
function helpOf(html: string): string | null {
  const start = html.indexOf("<details");
  return start < 0 ? null : html.slice(start, html.indexOf("</details>", start));
}

/** 'Didn't get a code?' on the identity service's hosted code page. */
describe("the hosted code page's help when a code does not arrive", () => {
  it("names the number, the delivery time, only the other ways the account has, Login & Security and support", () => {
    const help = helpOf(renderChallengePage({ ...view, otherWays: ["voice", "recovery"] }));
    expect(help).toContain("<summary>Didn&#39;t get a code?</summary>");
    expect(help).toContain("We sent the code by text message to (***) ***-0142.");
    expect(help).toContain("can take up to 5 minutes");
    expect(help).toContain("<li>a code by voice call</li><li>a recovery code</li>");
    expect(help).not.toContain("passkey");
    expect(help).not.toContain("authenticator app");
    expect(help).toContain('href="https://portal.example/profile/security"');
    expect(help).toContain('href="tel:+1-800-555-0142"');
  });

  it("lists no other ways for an account with none, and speaks Spanish on a Spanish page", () => {
    const help = helpOf(renderChallengePage({ ...view, locale: "es", otherWays: [] }));
    expect(help).toContain("¿No recibió un código?");
    expect(help).not.toContain("<ul");
  });

  it("does not name a number where the page must not reveal an account (recovery)", () => {
    const help = helpOf(renderChallengePage({ ...view, maskedPhone: "", intro: "If this address has an account, we sent a code." }));
    expect(help).not.toContain("We sent the code by text message");
    expect(help).toContain("can take up to 5 minutes");
  });

  it("is not shown for the authenticator app's code", () => {
    expect(helpOf(renderChallengePage({ ...view, channel: "totp" }))).toBeNull();
  });
});
