import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setExpiredHandler, setNotMemberHandler } from './api/client';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, appNavigate, inUserCentre, warmRoutes } from './app/router';
import { leaveLostCompany, prefetchShell } from './app/session';
import './app/theme.vars.css';
import './app/global.css';

// A -1 answer anywhere: forget the session's cached data and go to the login page, coming back afterwards.
setExpiredHandler((redirect) => {
  queryClient.clear();
  appNavigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
});

// No longer a member of the current company (switched off or deleted meanwhile): continue in the default company.
setNotMemberHandler(async () => {
  const to = await leaveLostCompany(queryClient, window.location.pathname).catch(() => null);
  if (to) appNavigate(to, { replace: true });
});

// the page's own chunks (and, in the user centre, the account card and the menu) load while React and antd start up
const pageChunks = warmRoutes(window.location.pathname);
const accountCard = inUserCentre(window.location.pathname) ? prefetchShell(queryClient) : null;

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
// The first render waits for the page's own chunks, and in the user centre for the account card the shell needs
// (both on their way already; at most 3 s): rendered before them, it would show a loading block, and then hold the
// page back by React's 300 ms throttle on revealing a Suspense boundary's content, or render the whole shell a second
// time (the largest contentful paint came ~0.4 s later at 4× CPU slowdown, bench/bundle.ts).
void Promise.race([Promise.all([pageChunks, accountCard]), new Promise((r) => setTimeout(r, 3000))]).then(render);
