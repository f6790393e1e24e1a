import { describe, expect, it } from 'vitest';
import { describeUserAgent, partialAddress } from './user-agent';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s → %s', (agent, expected) => {
    expect(describeUserAgent(agent)).toBe(expected);
  });
});

describe('partialAddress', () => {
  it('keeps the network and hides the host', () => {
    expect(partialAddress('203.0.113.45')).toBe('203.0.113.*');
    expect(partialAddress('::ffff:203.0.113.45')).toBe('203.0.113.*');
    expect(partialAddress('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:*');
    expect(partialAddress(null)).toBeNull();
  });
});
