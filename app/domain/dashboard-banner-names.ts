/**
 * The dashboard's one dismissible banner (SPEC.md §2 'My Results'). Kept apart from the dismiss
 * form's schema so the page's browser script does not pull in zod.
 */
export const WELCOME_BANNER = "welcome";
