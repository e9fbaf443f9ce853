export * from './messages';
export * from './errors';
export * from './schemas/common';
export * from './rules/mask';
export * from './rules/money';
export * from './constants/menu';
