export * from './blast';
export * from './completeness';
export * from './format';
export * from './market-tree';
export * from './broker-address';
export * from './listing-lifetime';
export * from './links';
export * from './matching';
