export * from './types';
export * from './types-of-deal';
export * from './markets';
export * from './states';
export * from './subscriptions';
export * from './product';
export * from './property-facts';

/** Filter sentinel: no filter on this field. */
export const ALL = 'ALL';
