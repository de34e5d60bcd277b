// The auth guard and the bench import the token service from here (sessions/).
export * from './sessions/tokens';
