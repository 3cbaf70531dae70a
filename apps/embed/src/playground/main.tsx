// The playground's entry (playground.html): a page of its own build (vite.playground.config.ts),
// so nothing of it reaches the embed's bundle or its size budget.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Playground } from './playground.tsx';
import './playground.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Playground />
  </StrictMode>,
);
