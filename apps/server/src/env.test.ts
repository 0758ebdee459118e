import path from 'node:path';
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

  it('derives the account settings: public URL, folders, outbox mail', () => {
    const env = readEnv({ PORT: '8080', DATA_DIR: '/srv/souq' });
    expect(env).toMatchObject({
      publicUrl: 'http://127.0.0.1:8080',
      authSecret: undefined,
      smtpUrl: undefined,
      dataDir: path.resolve('/srv/souq'),
      uploadsDir: path.resolve('/srv/souq/uploads'),
      mailOutboxDir: path.resolve('/srv/souq/outbox'),
    });
    const configured = readEnv({
      PUBLIC_URL: 'https://shop.example/ignored/path',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://user:pass@mail.example:465',
    });
    expect(configured).toMatchObject({
      publicUrl: 'https://shop.example',
      authSecret: 'x'.repeat(32),
      smtpUrl: 'smtps://user:pass@mail.example:465',
    });
  });

  it('reads who gets the new-order alert and the bank details for transfers', () => {
    expect(readEnv({})).toMatchObject({
      orderAlertEmails: undefined,
      bankTransferDetails: undefined,
      lowStockDigestHour: 7,
    });
    expect(readEnv({ LOW_STOCK_DIGEST_HOUR: '0' }).lowStockDigestHour).toBe(0);
    expect(readEnv({ LOW_STOCK_DIGEST_HOUR: '23' }).lowStockDigestHour).toBe(23);
    expect(readEnv({}).shopTimeZone).toBe('UTC');
    expect(readEnv({ SHOP_TIME_ZONE: 'Africa/Cairo' }).shopTimeZone).toBe('Africa/Cairo');
    expect(readEnv({}).signUpLimitPerHour).toBe(20);
    expect(readEnv({ SIGN_UP_LIMIT_PER_HOUR: '500' }).signUpLimitPerHour).toBe(500);
    expect(
      readEnv({
        ORDER_ALERT_EMAIL: 'orders@shop.example, owner@shop.example',
        BANK_TRANSFER_DETAILS: ' IBAN JO71 CBJO 0000 ',
      }),
    ).toMatchObject({
      orderAlertEmails: ['orders@shop.example', 'owner@shop.example'],
      bankTransferDetails: 'IBAN JO71 CBJO 0000',
    });
  });

  it.each([
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ PUBLIC_URL: 'shop.example' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://shop.example' }, 'PUBLIC_URL'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ SMTP_URL: 'mail.example' }, 'SMTP_URL'],
    [{ ORDER_ALERT_EMAIL: 'orders@shop.example, nobody' }, 'ORDER_ALERT_EMAIL'],
    [{ BANK_TRANSFER_DETAILS: 'x'.repeat(501) }, 'BANK_TRANSFER_DETAILS'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ DISPLAY_DELAYS: 'sometimes' }, 'DISPLAY_DELAYS'],
    [{ LOW_STOCK_DIGEST_HOUR: '24' }, 'LOW_STOCK_DIGEST_HOUR'],
    [{ LOW_STOCK_DIGEST_HOUR: '7am' }, 'LOW_STOCK_DIGEST_HOUR'],
    [{ LOW_STOCK_DIGEST_HOUR: '-1' }, 'LOW_STOCK_DIGEST_HOUR'],
    [{ SHOP_TIME_ZONE: 'Riyadh' }, 'SHOP_TIME_ZONE'],
    [{ SIGN_UP_LIMIT_PER_HOUR: '0' }, 'SIGN_UP_LIMIT_PER_HOUR'],
    [{ SIGN_UP_LIMIT_PER_HOUR: 'many' }, 'SIGN_UP_LIMIT_PER_HOUR'],
  ])('refuses %o with a message naming %s', (source, name) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(name);
  });
});
