/**
 * What one broker may create a day, per stage (lambdas/domain/creation-limits.ts): every requirement is
 * mailed to every subscriber of its category, so no one account may flood the network. Plain data, so
 * the local stack reads it without loading the CDK.
 */
export const dailyCreationLimits = {
  dev: { requirements: 10, listings: 20 },
  prod: { requirements: 10, listings: 20 },
} as const;
