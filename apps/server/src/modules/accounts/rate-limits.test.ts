import { describe, expect, it } from 'vitest';
import { addressSubject, networkOf } from './rate-limits';

describe('networkOf', () => {
  it('keeps an IPv4 address, also when written as IPv4-mapped IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address as its /64, however it is written', () => {
    const network = '2001:db8:85a3:1::/64';
    for (const ip of [
      '2001:db8:85a3:1::1',
      '2001:0db8:85a3:0001:ffff:ffff:ffff:fffe',
      '2001:DB8:85A3:1:0:0:0:9',
      '2001:db8:85a3:1::1%eth0',
    ]) {
      expect(networkOf(ip), ip).toBe(network);
    }
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('so that addresses of one /64 share one limit, and other networks do not', () => {
    expect(addressSubject('2001:db8:1:2::a')).toBe(addressSubject('2001:db8:1:2:ffff::b'));
    expect(addressSubject('2001:db8:1:2::a')).not.toBe(addressSubject('2001:db8:1:3::a'));
  });
});
