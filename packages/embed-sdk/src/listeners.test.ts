import { describe, expect, it, vi } from 'vitest';
import { Listeners } from './listeners.ts';

describe('Listeners', () => {
  it('calls the listeners of the event by name with its payload', () => {
    const listeners = new Listeners(vi.fn());
    const volumes: boolean[] = [];
    const pauses = vi.fn();
    listeners.add('volume', (event) => volumes.push(event.muted));
    listeners.add('pause', pauses);
    listeners.emit({ event: 'volume', volume: 0.5, muted: true });
    expect(volumes).toEqual([true]);
    expect(pauses).not.toHaveBeenCalled();
  });

  it('stops calling a removed listener, and clear removes them all', () => {
    const listeners = new Listeners(vi.fn());
    const a = vi.fn();
    const b = vi.fn();
    listeners.add('play', a);
    listeners.add('play', b);
    listeners.remove('play', a);
    listeners.emit({ event: 'play' });
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([0, 1]);
    listeners.clear();
    listeners.emit({ event: 'play' });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('reports a listener that throws and still calls the others', () => {
    const report = vi.fn();
    const listeners = new Listeners(report);
    const broken = new Error('host bug');
    const after = vi.fn();
    listeners.add('ended', () => {
      throw broken;
    });
    listeners.add('ended', after);
    listeners.emit({ event: 'ended' });
    expect(report).toHaveBeenCalledWith(broken);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('lets a listener remove another during an event, which then misses only later ones', () => {
    const listeners = new Listeners(vi.fn());
    const second = vi.fn();
    listeners.add('online', () => listeners.remove('online', second));
    listeners.add('online', second);
    listeners.emit({ event: 'online' });
    listeners.emit({ event: 'online' });
    expect(second).toHaveBeenCalledTimes(1);
  });
});
