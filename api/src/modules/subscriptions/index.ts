// Plans, the current subscription and plan limits; billing and every module with a limit use these.
export * from './service.js';
export * from './plan-limits.js';
