// The package README's example in a React app (StrictMode: effects run twice in development,
// and the frame must still be one). The embed's origin comes from the page's query.
import { OnAirEmbed, type OnAirPlayer } from '@onair/react-embed';
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

const origin = new URLSearchParams(location.search).get('origin') ?? '';
const heard: string[] = [];

function App() {
  const player = useRef<OnAirPlayer | null>(null);
  const [channel, setChannel] = useState('studio-live');
  // For the journey: what the page heard, the ref, and the prop it changes.
  (window as unknown as Record<string, unknown>).reactApp = { heard, player, setChannel };
  return (
    <OnAirEmbed
      ref={player}
      origin={origin}
      channel={channel}
      muted
      onReady={(event) => heard.push(`ready:${event.channel}`)}
      onOnline={() => heard.push('online')}
      onOffline={() => heard.push('offline')}
      onPlaying={() => heard.push('playing')}
      onPause={() => heard.push('pause')}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
