import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env';

describe('readEnv', () => {
  it('defaults to SQLite on 127.0.0.1:3000 with display delays on', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: 'sqlite:./data/souq.db',
      displayDelays: true,
      seedDemoCatalog: true,
    });
  });

  it('reads every setting and treats empty values as unset', () => {
    const env = readEnv({ PORT: '8080', HOST: '0.0.0.0', DISPLAY_DELAYS: 'off', DATABASE_URL: '' });
    expect(env).toMatchObject({ port: 8080, host: '0.0.0.0', displayDelays: false });
    expect(env.databaseUrl).toBe('sqlite:./data/souq.db');
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses', () => {
    expect(readEnv({}).trustProxy).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    const twoHops = readEnv({ TRUST_PROXY: '2' }).trustProxy;
    expect(
      typeof twoHops === 'function' && [0, 1, 2].map((hop) => twoHops('10.0.0.1', hop)),
    ).toEqual([true, true, false]);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it.each([
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ DISPLAY_DELAYS: 'sometimes' }, 'DISPLAY_DELAYS'],
  ])('refuses %o with a message naming %s', (source, name) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(name);
  });
});
