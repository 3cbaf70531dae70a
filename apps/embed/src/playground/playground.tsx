import { useRef } from 'react';
import { LatencyChart } from './latency-chart.tsx';
import { EventLog, StatsPanel } from './playground-panels.tsx';
import { PlaygroundForm } from './playground-form.tsx';
import { usePlayground } from './use-playground.ts';

/**
 * The player playground (`/playground`): any HLS URL, the sink and low-latency settings, and
 * what the player makes of it: the video, its statistics, its events and its latency over time.
 * A page for developers trying the engine on a stream, not for viewers.
 */
export function Playground() {
  const video = useRef<HTMLVideoElement>(null);
  const { run, load, refuse } = usePlayground(video);
  return (
    <>
      <header className="playground-header">
        <h1>OnAir player playground</h1>
        <p>Paste an HLS playlist URL, choose how to play it, and Load.</p>
      </header>
      <main className="playground-main">
        <PlaygroundForm onLoad={load} onRefuse={refuse} />
        <div role="alert" className="playground-problem" data-testid="playground-problem">
          {run.problem}
        </div>
        <div className="playground-grid">
          <section className="playground-panel playground-panel--video" aria-labelledby="playground-video-heading">
            <h2 id="playground-video-heading">Video</h2>
            {/* Muted, with controls: the player starts it muted, and a viewer may unmute it. */}
            <video ref={video} className="playground-video" controls muted playsInline />
          </section>
          <StatsPanel state={run.state} />
          <LatencyChart history={run.history} />
          <EventLog log={run.log} />
        </div>
      </main>
    </>
  );
}
