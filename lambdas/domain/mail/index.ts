export * from './layout';
export * from './send';
export * from './unsubscribe';
