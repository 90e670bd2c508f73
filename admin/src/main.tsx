import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installEmbeddedCredentials } from './embedded-credential';
import { basenameFor } from './prefix';

installEmbeddedCredentials();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App basename={basenameFor(window.location.pathname)} />
  </StrictMode>,
);
