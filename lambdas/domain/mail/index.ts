export * from './render';
export * from './send';
export * from './unsubscribe';
