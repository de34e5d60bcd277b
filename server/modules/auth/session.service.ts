// The auth guard, other modules and the bench import sign-in sessions from here (sessions/).
export * from './sessions/session.service';
