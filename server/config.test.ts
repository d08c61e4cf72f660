// Configuration parsing: TRUST_PROXY takes what Fastify's trustProxy honours and refuses what would let clients
// choose their own address; BLOB_STORE takes an S3 store address or nothing.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const trustProxy = (value?: string) =>
  loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
const refusal = (value: string): string => {
  try {
    trustProxy(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy(' false ')).toBe(false);
    expect(trustProxy('FALSE')).toBe(false);
  });

  it('takes the proxies as addresses, CIDR ranges and named ranges, separated by commas', () => {
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy(' 10.0.0.0/8, loopback,::1 , fd00::/8,192.168.1.0/24,uniquelocal,Linklocal')).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
      '192.168.1.0/24',
      'uniquelocal',
      'linklocal',
    ]);
  });

  it('refuses true, which would let any client choose its address, saying what to give instead', () => {
    const message = refusal('true');
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('every hop');
    expect(message).toContain('loopback');
  });

  it('refuses a hop count, which Fastify no longer honours', () => {
    for (const value of ['1', '2', '0']) expect(refusal(value)).toContain('hop count');
  });

  it('refuses what is not an address or range, naming it', () => {
    for (const value of [
      'proxy.example.org',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      '10.0.0.1/',
      '10.0.0.1/x',
      '10.0.0.256',
      '10.0.0.1,,10.0.0.2',
      '10.0.0.1;10.0.0.2',
      'yes',
    ])
      expect(refusal(value)).toContain('not a proxy address');
    expect(refusal('10.0.0.1, nginx')).toContain('"nginx"');
  });

  it('refuses an overlong value before looking at it', () => {
    expect(refusal(`${'10.0.0.1,'.repeat(1_000)}10.0.0.1`)).toContain('TRUST_PROXY');
  });
});

describe('BLOB_STORE', () => {
  it('keeps files in DATA_DIR when unset, and takes s3://bucket/prefix with path-style when asked', () => {
    expect(loadConfig({})).toMatchObject({ BLOB_STORE: '', BLOB_STORE_S3_PATH_STYLE: false });
    expect(
      loadConfig({ BLOB_STORE: 's3://lopit-audio/prod', BLOB_STORE_S3_PATH_STYLE: 'true' }),
    ).toMatchObject({ BLOB_STORE: 's3://lopit-audio/prod', BLOB_STORE_S3_PATH_STYLE: true });
  });

  it('refuses what is not an S3 store address, saying why', () => {
    for (const [value, reason] of [
      ['/srv/blobs', 's3://bucket/prefix'],
      ['s3://Bad_Bucket/x', 'not a bucket name'],
      ['s3://lopit-audio/../x', 'prefix'],
    ] as const) {
      expect(() => loadConfig({ BLOB_STORE: value })).toThrow(ConfigError);
      expect(() => loadConfig({ BLOB_STORE: value })).toThrow(reason);
    }
    expect(() => loadConfig({ BLOB_STORE: `s3://lopit-audio/${'a'.repeat(400)}` })).toThrow('BLOB_STORE');
    expect(() => loadConfig({ BLOB_STORE_S3_PATH_STYLE: 'yes' })).toThrow('BLOB_STORE_S3_PATH_STYLE');
  });
});
