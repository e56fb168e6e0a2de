import { describe, expect, it } from 'vitest';
import { agendaDayRoute, backAction, isAppRoute, routeFromUrl } from './intents';

describe('Android Back', () => {
  it('exits on the agenda and login screens, goes back elsewhere', () => {
    expect(backAction('/agenda')).toBe('exit');
    expect(backAction('/agenda/')).toBe('exit');
    expect(backAction('/agenda/week/1774771800000')).toBe('exit');
    expect(backAction('/login')).toBe('exit');
    expect(backAction('/settings')).toBe('back');
    expect(backAction('/task/abc')).toBe('back');
    expect(backAction('/agendas')).toBe('back');
  });
});

describe('route intents', () => {
  it('reads the app scheme, https and hash links', () => {
    expect(routeFromUrl('app.planner://agenda/day/1774771800000')).toBe(
      '/agenda/day/1774771800000',
    );
    expect(routeFromUrl('app.planner://tasks/create?x=1')).toBe('/tasks/create?x=1');
    expect(routeFromUrl('https://planner.app/settings')).toBe('/settings');
    expect(routeFromUrl('https://localhost/#/premium/1')).toBe('/premium/1');
    expect(routeFromUrl('/agenda?add=true')).toBe('/agenda?add=true');
  });

  it('drops anything that is not one of the app routes', () => {
    expect(routeFromUrl('javascript:alert(1)')).toBeNull();
    expect(routeFromUrl('//evil.example/agenda')).toBeNull();
    expect(routeFromUrl('https://planner.app/admin')).toBeNull();
    expect(routeFromUrl('not a url')).toBeNull();
    expect(isAppRoute(`/agenda/${'x'.repeat(600)}`)).toBe(false);
  });

  it('names the agenda day of an instant', () => {
    expect(agendaDayRoute(1_774_771_800_000)).toBe('/agenda/day/1774771800000');
  });
});
