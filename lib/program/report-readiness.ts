/**
 * When an app's report can be had, from the kit's status and the app's type (the app's name when it
 * has no type): traits, ancestry and the exome data file once sequencing is complete, health and
 * women's wellness once health results are ready (the tracker's steps 4 and 5; SPEC.md's timeline
 * puts traits and ancestry right after sequencing, health up to 8 weeks later). The portal offers a
 * report only then, and the results service refuses one before.
 */

type App = { type: string | null; appName: string };

/** The kinds ready at step 4; health, fh-health, wellness, women-wellness and unknown kinds wait for every result (step 5). */
const READY_AT_SEQUENCING = new Set([
  "traits",
  "ancestry",
  "download",
  "exome",
  "exome-download",
  "nevada-traits",
  "biobank-traits",
  "whole-person-traits",
]);

/** The tracker step whose results an app's report shows: a report is never offered before its results exist. */
export function reportReadyAtStep(app: App): 4 | 5 {
  return READY_AT_SEQUENCING.has((app.type?.trim() || app.appName).toLowerCase()) ? 4 : 5;
}

/** The last tracker step a kit status has reached: status 3 (sequencing complete) has traits and ancestry ready too. */
export function stepReachedByKitStatus(kitStatus: number | null | undefined): number {
  if (kitStatus === null || kitStatus === undefined || !Number.isFinite(kitStatus) || kitStatus < 1) return 0;
  return kitStatus === 3 ? 4 : Math.floor(kitStatus);
}

export function reportIsReady(app: App, kitStatus: number | null | undefined): boolean {
  return stepReachedByKitStatus(kitStatus) >= reportReadyAtStep(app);
}

/** SPEC.md §3: an app without a label has no result card in the portal. */
export function appIsShown(app: { label?: string | null }): boolean {
  return typeof app.label === "string" && app.label.trim() !== "";
}

/**
 * The reports the participant may open in the portal: a card shown and its results ready. 'Download
 * all your data' holds exactly these, so the archive never hands out a report My Results holds back.
 */
export function reportIsOffered(app: App & { label?: string | null }, kitStatus: number | null | undefined) {
  return appIsShown(app) && reportIsReady(app, kitStatus);
}
