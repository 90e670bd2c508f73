import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routes } from './App';
import { startBoot } from './boot';
import { installEmbeddedCredentials } from './embedded-credential';
import { preloadStrings } from './i18n';
import { basenameFor } from './prefix';

const basename = basenameFor(window.location.pathname);
installEmbeddedCredentials();
preloadStrings();
startBoot(window.location.pathname.slice(basename.length) || '/', routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App basename={basename} />
  </StrictMode>,
);
