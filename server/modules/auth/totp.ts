// Test factories and the e2e journeys compute TOTP codes with these (factors/).
export * from './factors/totp';
