import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { SECTIONS } from '../features/organizations/pages/organization-page';
import { routes } from './router';

describe("the organization page's sections", () => {
  it.each(SECTIONS.map((section) => section.path))('/organization/{uuid}/%s is a screen of the router, not the catch-all', (path) => {
    const matched = matchRoutes(routes as RouteObject[], `/organization/00000000-0000-4000-8000-000000000001/${path}`) ?? [];
    expect(matched.at(-1)?.route.path).toMatch(/^organization\/:uuid\//);
  });
});
