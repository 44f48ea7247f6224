export * from './adjustments.ts';
export * from './audit.ts';
export * from './players.ts';
export * from './roles.ts';
export * from './staff.ts';
