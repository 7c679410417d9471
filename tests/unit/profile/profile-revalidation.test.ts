import { describe, expect, it } from "vitest";
import { profileSectionsMayHaveChanged } from "~/domain/profile-revalidation";

const at = (path: string) => new URL(path, "http://localhost:3000");

describe("the profile layout asks the results service again only when its sections may have changed", () => {
  it("not for the password update's steps and posts", () => {
    expect(profileSectionsMayHaveChanged({ nextUrl: at("/profile/security/password") })).toBe(false);
    expect(profileSectionsMayHaveChanged({ formAction: "/profile/security/password", nextUrl: at("/profile/security/password") })).toBe(
      false,
    );
    expect(profileSectionsMayHaveChanged({ formAction: "/profile/security/password", nextUrl: at("/profile/security") })).toBe(false);
    expect(profileSectionsMayHaveChanged({ formAction: "/profile/security/captcha", nextUrl: at("/profile/security/password") })).toBe(
      false,
    );
  });

  it("for other profile pages and other posts", () => {
    expect(profileSectionsMayHaveChanged({ nextUrl: at("/profile/overview") })).toBe(true);
    expect(profileSectionsMayHaveChanged({ nextUrl: at("/profile/security") })).toBe(true);
    expect(profileSectionsMayHaveChanged({ formAction: "/language", nextUrl: at("/profile/overview") })).toBe(true);
    expect(profileSectionsMayHaveChanged({ nextUrl: at("/profile/security/passwords-elsewhere") })).toBe(true);
  });
});
