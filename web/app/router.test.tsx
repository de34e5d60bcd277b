import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findRoute, REDIRECT_ROUTES, ROUTES } from '../features/roles/route-access';
import { routes } from './router';

const children = routes[0]!.children!;

const pathOf = (route: RouteObject) => (route.index ? '/' : `/${route.path}`);
const registered = children.filter((route) => route.path !== '*').map(pathOf);

/** A concrete URL for a pattern: ':param' -> 'sample', '*' -> 'a/b'. */
const sample = (pattern: string) => pattern.replace(/:[^/]+/g, 'sample').replace(/\*$/, 'a/b');

describe('the route map', () => {
  it('registers every route of SPEC §2 that the access rules know, and no other', () => {
    const known = [...ROUTES.map((route) => route.pattern), ...REDIRECT_ROUTES.map((route) => route.pattern)];
    expect([...registered].sort()).toEqual([...new Set(known)].sort());
  });

  it('each URL reaches the same route in the router and in the access rules', () => {
    for (const route of ROUTES) {
      const url = sample(route.pattern);
      const matched = matchRoutes(routes, url)?.at(-1)?.route;
      expect(matched ? pathOf(matched) : null, url).toBe(route.pattern);
      expect(findRoute(url)?.pattern, url).toBe(route.pattern);
    }
  });

  it('bundles only / (the welcome screen) and not-found with the shell; every other screen is lazy', () => {
    for (const route of children) {
      if (route.index || route.path === '*') {
        expect(route.element, pathOf(route)).toBeTruthy();
        expect(route.lazy).toBeUndefined();
      } else if (route.loader) {
        // The fixed redirects render nothing.
        expect(route.element ?? route.lazy).toBeUndefined();
      } else {
        expect(route.lazy, pathOf(route)).toBeTypeOf('function');
        expect(route.element).toBeUndefined();
      }
      expect(route.errorElement ?? route.loader, pathOf(route)).toBeTruthy();
    }
  });

  it('gives every coming-soon screen a title and one sentence about what it is for', () => {
    const screens = children.filter((route) => route.handle !== undefined);
    expect(screens.length).toBeGreaterThan(0);
    for (const route of screens) {
      const handle = route.handle as { title: string; description: string };
      expect(handle.title.length, pathOf(route)).toBeGreaterThan(2);
      expect(handle.description, pathOf(route)).toMatch(/^[A-Z"'].{10,}\.$/);
    }
  });

  it('sends /profile/:username/edit to /profile/edit and /wellstream/* to /community', async () => {
    for (const [url, target] of [
      ['/profile/lena/edit', '/profile/edit'],
      ['/wellstream', '/community'],
      ['/wellstream/post/1', '/community'],
    ] as const) {
      const route = matchRoutes(routes, url)!.at(-1)!.route;
      const response = (await (route.loader as () => Promise<Response> | Response)()) as Response;
      expect(response.status, url).toBe(302);
      expect(response.headers.get('Location'), url).toBe(target);
    }
  });
});
