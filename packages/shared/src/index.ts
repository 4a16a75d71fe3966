export * from './reference/schemas';
export * from './reference/data';
export * from './items/schemas';
export * from './accounts/schemas';
export * from './platform/errors';
export * from './format/price';
