import { render, screen } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter } from '../app/router';

// Vitest's jsdom environment exposes the JSDOM instance, whose address can be changed.
const dom = (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } })
  .jsdom;
const HTTP_URL = window.location.href;

function Day() {
  const { view, currentDate } = useParams();
  return <p>{`${view} ${currentDate}`}</p>;
}

const routes = (
  <Routes>
    <Route path="/agenda/:view?/:currentDate?" element={<Day />} />
  </Routes>
);

// A file: origin has no local storage: the address is set back before the shared cleanup.
afterEach(() => dom.reconfigure({ url: HTTP_URL }));

describe('the router', () => {
  it('routes by the hash when served from a file, /agenda/day/{timestamp} included', () => {
    dom.reconfigure({ url: 'file:///android_asset/public/index.html#/agenda/day/1774771800000' });
    render(<AppRouter>{routes}</AppRouter>);
    expect(window.location.protocol).toBe('file:');
    expect(screen.getByText('day 1774771800000')).toBeInTheDocument();
  });

  it('routes by the path over http', () => {
    dom.reconfigure({ url: 'http://localhost:3000/agenda/day/42#/agenda/week/1' });
    render(<AppRouter>{routes}</AppRouter>);
    expect(screen.getByText('day 42')).toBeInTheDocument();
  });
});
