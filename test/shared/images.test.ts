import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, metaPolicy, withPolicyMeta } from '../../src/main/hosts/csp';
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

/** The CSP <meta> of a page, or null. */
const metaOf = (html: string) => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? null;

describe('the page’s own CSP <meta> (issue 47, item 6)', () => {
  const page = readFileSync(join(import.meta.dirname, '../../src/renderer/index.html'), 'utf8');

  it('index.html allows pictures from no other host: the header’s policy without an image server', () => {
    expect(metaOf(page)).toBe(metaPolicy(null));
    expect(metaOf(page)).toContain("img-src 'self' data: blob:;");
    expect(metaOf(page)).not.toMatch(/\b(https?):(?!\/\/)/);
  });

  it('a host puts the image server into it as into the header, and nothing else', () => {
    const served = withPolicyMeta(page, 'http://127.0.0.1:9000/img');
    expect(metaOf(served)).toBe(metaPolicy('http://127.0.0.1:9000/img'));
    expect(metaOf(served)).toContain("img-src 'self' data: blob: http://127.0.0.1:9000;");
    expect(`${metaOf(served)}; frame-ancestors 'none'`.split('; ').sort()).toEqual(
      contentSecurityPolicy('http://127.0.0.1:9000/img').split('; ').sort(),
    );
    // Only the <meta> changes.
    expect(served.replace(metaOf(served)!, '')).toBe(page.replace(metaOf(page)!, ''));
    for (const hostile of ['javascript:alert(1)', 'https://a.example/x" onload="x', '$&$1', null])
      expect(metaOf(withPolicyMeta(page, hostile))).toMatch(/img-src 'self' data: blob:(;| https:\/\/a\.example;)/);
  });
});
