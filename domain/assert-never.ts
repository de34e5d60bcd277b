/**
 * Exhaustiveness check for `switch` over a union: called in the `default` branch, it compiles only when
 * every member was handled, so adding a state or event to a union is a type error until it is handled.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${String(value)}`);
}
