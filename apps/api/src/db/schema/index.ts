export * from './reference';
export * from './accounts';
export * from './items';
export * from './platform';
export * from './follows';
export * from './offers';
export * from './payments';
export * from './chat';
