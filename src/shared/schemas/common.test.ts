// completeUrl: what the admin's address fields do with an address typed without its scheme.
import { describe, expect, it } from 'vitest';
import { completeUrl, isHttpUrl } from './common';

describe('completeUrl', () => {
  it('puts https:// before an address typed without it', () => {
    for (const [typed, completed] of [
      ['example.com', 'https://example.com'],
      [
        'play.google.com/store/apps/details?id=com.studio.game',
        'https://play.google.com/store/apps/details?id=com.studio.game',
      ],
      ['  www.studio.co.uk/press#kit ', 'https://www.studio.co.uk/press#kit'],
      ['apps.apple.com:443/app/id123', 'https://apps.apple.com:443/app/id123'],
      ['//cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
      ['youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ'],
    ]) {
      expect(completeUrl(typed!), typed).toBe(completed);
      expect(isHttpUrl(completed!), completed).toBe(true);
    }
  });

  it('leaves everything else as typed, for the check to judge', () => {
    for (const typed of [
      '',
      'https://example.com',
      'http://example.com',
      'ftp://example.com',
      'mailto:press@example.com',
      'javascript:alert(1)',
      '/media/0123456789abcdef/1200x630.png',
      'dQw4w9WgXcQ',
      '123456789',
      'not a url',
      'press@example.com',
      'localhost:3000',
      'example',
      'exa mple.com',
    ]) {
      expect(completeUrl(typed), typed).toBe(typed);
    }
  });
});
