import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/main/hosts/csp';
import { imageOrigin, imageUrl } from '../../src/shared/images';

describe('image URLs only from the image server', () => {
  const base = 'https://img.example.com/returns';
  it('builds a relative file name under the configured server', () => {
    expect(imageUrl(base, 'iade_1_1.jpg')).toBe('https://img.example.com/returns/iade_1_1.jpg');
    expect(imageUrl(base, '/2026/iade 1#2.jpg')).toBe('https://img.example.com/returns/2026/iade%201%232.jpg');
  });

  it.each([
    'http://tracker.example/pixel.gif',
    'HTTPS://tracker.example/p.png',
    '//tracker.example/p.png',
    '\\\\tracker.example\\p.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'blob:https://x/1',
  ])('never builds one from %s', (name) => {
    expect(imageUrl(base, name)).toBeNull();
  });

  it('gives nothing without an image server, or with one that is not http(s)', () => {
    expect(imageUrl('', 'a.jpg')).toBeNull();
    expect(imageUrl('ftp://img.example.com', 'a.jpg')).toBeNull();
    expect(imageOrigin('https://img.example.com:8443/x/')).toBe('https://img.example.com:8443');
  });

  it('the CSP allows images from that origin only', () => {
    expect(contentSecurityPolicy(base)).toContain("img-src 'self' data: blob: https://img.example.com;");
    expect(contentSecurityPolicy(null)).toContain("img-src 'self' data: blob:;");
    expect(contentSecurityPolicy('javascript:alert(1)')).toContain("img-src 'self' data: blob:;");
  });
});
