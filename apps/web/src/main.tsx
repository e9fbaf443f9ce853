import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setExpiredHandler, setNotMemberHandler } from './api/client';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import { leaveLostCompany } from './app/session';
import './app/global.css';

// A -1 answer anywhere: forget the session's cached data and go to the login page, coming back afterwards.
setExpiredHandler((redirect) => {
  queryClient.clear();
  void router.navigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
});

// No longer a member of the current company (switched off or deleted meanwhile): continue in the default company.
setNotMemberHandler(async () => {
  const to = await leaveLostCompany(queryClient, window.location.pathname).catch(() => null);
  if (to) await router.navigate(to, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
