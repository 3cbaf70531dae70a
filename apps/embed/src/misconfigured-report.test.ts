import { describe, expect, it } from 'vitest';
import { monitoringTokenOf } from './misconfigured-report.ts';

describe('a misconfigured embed still reports', () => {
  it('with the monitoring token where that one setting is usable', () => {
    expect(monitoringTokenOf('{"PUBLIC_MONITORING_CLIENT_TOKEN":"pub-abc","PUBLIC_API_URL":""}')).toBe('pub-abc');
    // Absent: the schema's default, as a valid configuration would have.
    expect(monitoringTokenOf('{"PUBLIC_API_URL":""}')).toBe('onair-local-intake');
  });

  it('and not at all where it is not', () => {
    expect(monitoringTokenOf('{"PUBLIC_MONITORING_CLIENT_TOKEN":""}')).toBeNull();
    expect(monitoringTokenOf('{"PUBLIC_MONITORING_CLIENT_TOKEN":42}')).toBeNull();
    expect(monitoringTokenOf('not json')).toBeNull();
    expect(monitoringTokenOf('null')).toBeNull();
  });
});
