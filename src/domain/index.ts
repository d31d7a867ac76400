export * from './auth';
export * from './constants';
export * from './errors';
export * from './organization';
export * from './permissions';
export * from './profile';
export * from './navigation';
