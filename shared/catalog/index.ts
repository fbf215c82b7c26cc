export * from './types';
export * from './types-of-deal';
export * from './markets';
export * from './states';
export * from './subscriptions';

/** Filter sentinel: no filter on this field. */
export const ALL = 'ALL';
export const supportEmail = 'support@bisn.example';
export const feedbackEmail = 'feedback@bisn.example';
export const appVersion = '0.2.0';
export const legalVersion = '0.0.5';
