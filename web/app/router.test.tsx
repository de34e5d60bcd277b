import type { ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { Redirect } from '#web/lib/router';
import { describe, expect, it } from 'vitest';
import { findRoute, REDIRECT_ROUTES, ROUTES } from '../features/roles/route-access';
import { RouteBoundary } from './routes/route-error';
import { comingSoonOf, isLazyScreen, routes } from './router';

const children = routes[0]!.children!;

const pathOf = (route: RouteObject) => (route.index ? '/' : `/${route.path}`);
const registered = children.filter((route) => route.path !== '*').map(pathOf);

/** The screen a route renders inside its error boundary. */
const screenOf = (route: RouteObject) =>
  (route.element as ReactElement<{ children: ReactElement }>).props.children;

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
      const element = route.element as ReactElement;
      if (element.type === Redirect) continue; // the fixed redirects (below)
      // Every screen sits in the route error boundary.
      expect(element.type, pathOf(route)).toBe(RouteBoundary);
      const screen = screenOf(route);
      if (route.index || route.path === '*') expect(isLazyScreen(screen.type), pathOf(route)).toBe(false);
      else expect(isLazyScreen(screen.type), pathOf(route)).toBe(true);
    }
  });

  it('gives every coming-soon screen a title and one sentence about what it is for', () => {
    const screens = children.flatMap((route) => {
      const handle = comingSoonOf(route);
      return handle ? [[route, handle] as const] : [];
    });
    expect(screens.length).toBeGreaterThan(0);
    for (const [route, handle] of screens) {
      expect(handle.title.length, pathOf(route)).toBeGreaterThan(2);
      expect(handle.description, pathOf(route)).toMatch(/^[A-Z"'].{10,}\.$/);
    }
  });

  it('sends /profile/:username/edit to /profile/edit and /wellstream/* to /community, replacing the entry', () => {
    for (const [url, target] of [
      ['/profile/lena/edit', '/profile/edit'],
      ['/wellstream', '/community'],
      ['/wellstream/post/1', '/community'],
    ] as const) {
      const element = matchRoutes(routes, url)!.at(-1)!.route.element as ReactElement<{ to: string }>;
      expect(element.type, url).toBe(Redirect);
      expect(element.props, url).toEqual({ to: target });
    }
  });
});
