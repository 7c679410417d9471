/**
 * Sending budgets for test and bench stacks, which sign the same demo participants in many times an
 * hour, all from one address (and so the limits per address of sign-in requests). The real budgets
 * and limits (platform/identity/config.ts) have tests of their own.
 */
export const generousSendingBudgets: Record<string, string> = {
  SEND_BUDGET_ACCOUNT_HOURLY: "100000",
  SEND_BUDGET_ACCOUNT_DAILY: "100000",
  SEND_BUDGET_NUMBER_HOURLY: "100000",
  SEND_BUDGET_NUMBER_DAILY: "100000",
  SEND_BUDGET_RECOVERY_NUMBER_HOURLY: "100000",
  SEND_BUDGET_RECOVERY_NUMBER_DAILY: "100000",
  SEND_BUDGET_ESTABLISHED_HOURLY: "100000",
  SEND_BUDGET_NEWCOMER_HOURLY: "100000",
  SEND_BUDGET_RECOVERY_HOURLY: "100000",
  SEND_BUDGET_SMS_HOURLY: "100000",
  SEND_BUDGET_VOICE_HOURLY: "100000",
  SEND_BUDGET_RESERVED_PERCENT: "0",
  SEND_BUDGET_NEW_NUMBERS_DAILY: "1000",
  SEND_NEW_NUMBERS_BEFORE_CHECK: "1000",
  IDENTITY_AUTHORIZATIONS_PER_ADDRESS: "1000000",
  IDENTITY_INTERACTION_REQUESTS_PER_ADDRESS: "1000000",
};
