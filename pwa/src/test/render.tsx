import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../shared/api/client.ts';
import { AppProviders } from '../app/AppProviders.tsx';
import { Notices } from '../shared/notices/Notices.tsx';
import type { SeedQuery } from '../app/start/pageData.ts';

/** Shows the current location so a test can assert where a link or button went. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders a UI inside the app's providers at a route, with the notices area, a fresh query
 * client (the app's defaults) and a location probe.
 */
export function renderWithApp(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    fakeTimers = false,
    seed = [],
  }: {
    route?: string;
    path?: string;
    fakeTimers?: boolean;
    /** Answers the page was drawn with by the server (its page data). */
    seed?: readonly SeedQuery[];
  } = {},
) {
  const client = createQueryClient();
  for (const { queryKey, data } of seed) client.setQueryData(queryKey, data);
  // With fake timers, user-event must advance them while it waits between its steps.
  const user = userEvent.setup(fakeTimers ? { delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  const result = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
        <Notices />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, client, user };
}
