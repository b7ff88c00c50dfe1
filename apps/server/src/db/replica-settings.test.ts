import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { replicaFailure } from './replica-pool.js';

const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/seamline-replica-settings', JWT_SECRET: 'x'.repeat(32) } as const;

describe('DATABASE_READ_URLS and the replica bounds', () => {
  it('are off by default: no replica, a 5 s lag bound checked every second', () => {
    expect(loadConfig({ ...env }).readReplicas).toEqual({ urls: [], maxLagMs: 5_000, checkIntervalMs: 1_000 });
  });

  it('take a comma list of postgres:// URLs, ignoring spaces and empty entries', () => {
    const config = loadConfig({
      ...env,
      DATABASE_READ_URLS: ' postgres://app@replica-1:5432/shop, ,postgresql://app@replica-2/shop ',
      READ_REPLICA_MAX_LAG_MS: '2000',
      READ_REPLICA_CHECK_MS: '250',
    });
    expect(config.readReplicas).toEqual({
      urls: ['postgres://app@replica-1:5432/shop', 'postgresql://app@replica-2/shop'],
      maxLagMs: 2_000,
      checkIntervalMs: 250,
    });
  });

  it('refuse anything else with the variable named', () => {
    expect(() => loadConfig({ ...env, DATABASE_READ_URLS: 'replica-1:5432' })).toThrow(/DATABASE_READ_URLS/);
    expect(() => loadConfig({ ...env, DATABASE_READ_URLS: 'mysql://replica/shop' })).toThrow(/DATABASE_READ_URLS/);
    expect(() => loadConfig({ ...env, READ_REPLICA_MAX_LAG_MS: '0' })).toThrow(/READ_REPLICA_MAX_LAG_MS/);
    expect(() => loadConfig({ ...env, READ_REPLICA_CHECK_MS: '10' })).toThrow(/READ_REPLICA_CHECK_MS/);
  });
});

describe('which replica failures run again on the primary', () => {
  it('connection failures and recovery conflicts do; a statement timeout and a bad query do not', () => {
    expect(replicaFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'unreachable',
    );
    expect(replicaFailure(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(replicaFailure({ message: 'Failed query', cause: { code: '57P01' } })).toBe('unreachable');
    expect(replicaFailure({ code: '40001', message: 'canceling statement due to conflict with recovery' })).toBe(
      'conflict',
    );
    expect(replicaFailure({ code: '57014', message: 'canceling statement due to statement timeout' })).toBeUndefined();
    expect(replicaFailure({ code: '42P01', message: 'relation does not exist' })).toBeUndefined();
  });
});
