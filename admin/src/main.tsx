import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { basenameFor } from './prefix';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App basename={basenameFor(window.location.pathname)} />
  </StrictMode>,
);
