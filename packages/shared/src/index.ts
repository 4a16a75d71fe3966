// First: configures zod before any schema below is built or parsed.
import './platform/zod-config';
export * from './reference/schemas';
export * from './reference/data';
export * from './items/limits';
export * from './items/codes';
export * from './items/sorts';
export * from './items/thumbnails';
export * from './items/schemas';
export * from './accounts/codes';
export * from './accounts/schemas';
export * from './platform/codes';
export * from './platform/errors';
export * from './format/price';
export * from './discovery/profiles';
export * from './offers/offer-machine';
export * from './offers/codes';
export * from './offers/schemas';
