/**
 * Sending budgets for test and bench stacks, which sign the same demo participants in many times an
 * hour. The real budgets (platform/identity/config.ts) have tests of their own.
 */
export const generousSendingBudgets: Record<string, string> = {
  SEND_BUDGET_ACCOUNT_HOURLY: "100000",
  SEND_BUDGET_ACCOUNT_DAILY: "100000",
  SEND_BUDGET_NUMBER_HOURLY: "100000",
  SEND_BUDGET_NUMBER_DAILY: "100000",
  SEND_BUDGET_CLIENT_HOURLY: "100000",
  SEND_BUDGET_SMS_HOURLY: "100000",
  SEND_BUDGET_VOICE_HOURLY: "100000",
  SEND_BUDGET_NEW_NUMBERS_DAILY: "1000",
  SEND_NEW_NUMBERS_BEFORE_CHECK: "1000",
};
