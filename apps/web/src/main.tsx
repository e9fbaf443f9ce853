import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setExpiredHandler } from './api/client';
import { Providers, queryClient } from './app/providers';
import { router } from './app/router';
import './app/global.css';

// A -1 answer anywhere: forget the session's cached data and go to the login page, coming back afterwards.
setExpiredHandler((redirect) => {
  queryClient.clear();
  void router.navigate(`/login?redirect=${encodeURIComponent(redirect)}`, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
