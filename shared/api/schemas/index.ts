export * from './common';
export * from './auth';
export * from './users';
export * from './images';
export * from './requirements';
export * from './listings';
export * from './matches';
export * from './directory';
