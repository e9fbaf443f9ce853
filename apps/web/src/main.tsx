import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setExpiredHandler, setNotMemberHandler } from './api/client';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, appNavigate, inUserCentre, warmRoutes } from './app/router';
import { leaveLostCompany, prefetchUserInfo } from './app/session';
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

// the page's own chunks (and, in the user centre, the account card) load while React and antd start up
warmRoutes(window.location.pathname);
if (inUserCentre(window.location.pathname)) prefetchUserInfo(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
