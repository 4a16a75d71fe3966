export * from './reference/schemas';
export * from './reference/data';
export * from './items/limits';
export * from './items/schemas';
export * from './accounts/schemas';
export * from './platform/codes';
export * from './platform/errors';
export * from './format/price';
