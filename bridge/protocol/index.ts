export * from './state.ts';
export * from './actions.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './rpc.ts';
