/**
 * Checks an implementation of the results API against its document (platform/results/openapi.yaml).
 * Usage: npm run check:results-api -- <url> [options]; `--help` lists them. Exits 0 when every
 * operation checked conforms, 1 when one does not, 2 when it was not given what it needs.
 */
import { parseArgs } from "node:util";
import { checkResultsApi, formatReport } from "../platform/results/contract/conformance.ts";

const HELP = `Usage: npm run check:results-api -- <url> [options]

Calls every operation of platform/results/openapi.yaml on the results API at <url> as the portal and
the identity service call it, and prints each operation with passed or failed and why.

A test participant of that implementation (tokens are best given in the environment):
  --user <id>                 RESULTS_CHECK_USER_ID         their user id (the token's uid claim)    required
  --token <jwt>               RESULTS_CHECK_TOKEN           their access token for this API          required
  --source <id>               RESULTS_CHECK_SOURCE_ID       their source (default RESULTS_SOURCE_ID, else dna-discovery)
  --date-of-birth <date>      RESULTS_CHECK_DATE_OF_BIRTH   opens a share as a clinician does (YYYY-MM-DD)
  --results-link-token <jwt>  RESULTS_CHECK_RESULTS_LINK_TOKEN   their results-link token (token_type ACCESS)
The identity provider's own tokens, to check what only it reads:
  --kit-steps-token <jwt>     RESULTS_CHECK_KIT_STEPS_TOKEN       typ kit-steps+jwt
  --share-notices-token <jwt> RESULTS_CHECK_SHARE_NOTICES_TOKEN   typ share-notices+jwt
  --report-reissues-token <jwt> RESULTS_CHECK_REPORT_REISSUES_TOKEN typ report-reissues+jwt
  --counselling-notices-token <jwt> RESULTS_CHECK_COUNSELLING_NOTICES_TOKEN   typ counselling-notices+jwt
The program's counselling team's token, to check the queue it reads:
  --counselling-team-token <jwt>    RESULTS_CHECK_COUNSELLING_TEAM_TOKEN      typ counselling-team+jwt
  --read-only                 RESULTS_CHECK_READ_ONLY=1     ask for no download, create no share or counselling request
  --help`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    user: { type: "string" },
    token: { type: "string" },
    source: { type: "string" },
    "date-of-birth": { type: "string" },
    "results-link-token": { type: "string" },
    "kit-steps-token": { type: "string" },
    "share-notices-token": { type: "string" },
    "report-reissues-token": { type: "string" },
    "counselling-notices-token": { type: "string" },
    "counselling-team-token": { type: "string" },
    "read-only": { type: "boolean" },
    help: { type: "boolean" },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const env = process.env;
const url = positionals[0];
const userId = values.user ?? env.RESULTS_CHECK_USER_ID;
const token = values.token ?? env.RESULTS_CHECK_TOKEN;
const missing = [!url && "<url>", !userId && "--user (RESULTS_CHECK_USER_ID)", !token && "--token (RESULTS_CHECK_TOKEN)"].filter(Boolean);
if (missing.length > 0 || !URL.canParse(url ?? "")) {
  console.error(missing.length > 0 ? `Missing: ${missing.join(", ")}\n` : `Not a URL: ${url}\n`);
  console.error(HELP);
  process.exit(2);
}

const options = {
  url: url!,
  userId: userId!,
  token: token!,
  sourceId: values.source ?? env.RESULTS_CHECK_SOURCE_ID ?? (env.RESULTS_SOURCE_ID?.trim() || "dna-discovery"),
  dateOfBirth: values["date-of-birth"] ?? env.RESULTS_CHECK_DATE_OF_BIRTH,
  resultsLinkToken: values["results-link-token"] ?? env.RESULTS_CHECK_RESULTS_LINK_TOKEN,
  kitStepsToken: values["kit-steps-token"] ?? env.RESULTS_CHECK_KIT_STEPS_TOKEN,
  shareNoticesToken: values["share-notices-token"] ?? env.RESULTS_CHECK_SHARE_NOTICES_TOKEN,
  reportReissuesToken: values["report-reissues-token"] ?? env.RESULTS_CHECK_REPORT_REISSUES_TOKEN,
  counsellingNoticesToken: values["counselling-notices-token"] ?? env.RESULTS_CHECK_COUNSELLING_NOTICES_TOKEN,
  counsellingTeamToken: values["counselling-team-token"] ?? env.RESULTS_CHECK_COUNSELLING_TEAM_TOKEN,
  readOnly: values["read-only"] ?? ["1", "true"].includes(env.RESULTS_CHECK_READ_ONLY ?? ""),
};

console.log(
  `Results API at ${options.url}, participant ${options.userId}, source ${options.sourceId}${options.readOnly ? ", read-only" : ""}\n`,
);
const reports = await checkResultsApi(options);
console.log(formatReport(reports));
process.exit(reports.some((report) => report.outcome === "failed") ? 1 : 0);
