import { describe, expect, it } from 'vitest';
import { isPublicAddress, refusalOf } from './address-guard.ts';
import { signatureHeader, verifySignature } from './signature.ts';

describe('webhook address guard', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '100.128.0.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:192.168.0.1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses URLs that resolve inside, unless private addresses are allowed', async () => {
    expect(await refusalOf('http://127.0.0.1:9/hook', false)).toBe(
      'must not point to a private, loopback or link-local address (127.0.0.1 is 127.0.0.1)',
    );
    expect(await refusalOf('http://[::1]/hook', false)).toBe(
      'must not point to a private, loopback or link-local address (::1 is ::1)',
    );
    expect(await refusalOf('http://169.254.169.254/latest/meta-data', false)).toContain('169.254.169.254');
    expect(await refusalOf('https://localhost/hook', false)).toMatch(
      /^must not point to a private, loopback or link-local address \(localhost is (127\.0\.0\.1|::1)\)$/,
    );
    expect(await refusalOf('http://93.184.216.34/hook', false)).toBeNull();
    expect(await refusalOf('http://127.0.0.1:9/hook', true)).toBeNull();
    expect(await refusalOf('http://no-such-host.invalid/hook', true)).toBe(
      'the host no-such-host.invalid could not be found',
    );
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"1","type":"person.online"}';

  it('signs "t.body" with HMAC-SHA256 and verifies it', () => {
    const header = signatureHeader(secret, body, 1_750_000_000);
    expect(header).toMatch(/^t=1750000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(header, body, secret, 1_750_000_010)).toBe(true);
  });

  it('refuses another body, another secret and an old timestamp', () => {
    const header = signatureHeader(secret, body, 1_750_000_000);
    expect(verifySignature(header, `${body} `, secret, 1_750_000_000)).toBe(false);
    expect(verifySignature(header, body, 'whsec_other', 1_750_000_000)).toBe(false);
    expect(verifySignature(header, body, secret, 1_750_000_000 + 301)).toBe(false);
    expect(verifySignature('v1=abc', body, secret, 1_750_000_000)).toBe(false);
  });
});
