import { describe, expect, it } from 'vitest';
import { responsiveImage } from './responsive-image';
import { responsiveRichText } from './responsive-rich-text';
import { appShareImage, contentTag, studioCard, uploadedShareImage } from './share-image';

const H = '0123456789abcdef';

describe('responsiveImage', () => {
  it('builds the AVIF srcset from an uploaded original URL alone (no WebP: decision 130)', () => {
    expect(responsiveImage(`/media/${H}/1200x675.jpg`)).toEqual({
      src: `/media/${H}/1200x675.jpg`,
      width: 1200,
      height: 675,
      sources: [
        {
          type: 'image/avif',
          srcSet: `/media/${H}/320w.avif 320w, /media/${H}/640w.avif 640w, /media/${H}/1200w.avif 1200w`,
        },
      ],
    });
  });

  it('never lists a width above the image nor above 1920', () => {
    expect(responsiveImage(`/media/${H}/256x256.png`)!.sources[0]!.srcSet).toBe(`/media/${H}/256w.avif 256w`);
    expect(responsiveImage(`/media/${H}/4000x3000.jpg`)!.sources[0]!.srcSet).toMatch(/1280w, \S+1920w\.avif 1920w$/);
  });

  it('is null for external URLs, demo files, variants and nothing', () => {
    for (const url of [
      'https://example.com/a.png',
      '/media/demo/shot-1.svg',
      `/media/${H}/640w.webp`,
      `//evil.example/media/${H}/10x10.png`,
      '',
      null,
      undefined,
    ]) {
      expect(responsiveImage(url), String(url)).toBeNull();
    }
  });
});

describe('responsiveRichText', () => {
  it('wraps uploaded images in a <picture> with sources, size and lazy loading', () => {
    const html = `<p>Look:</p><img src="/media/${H}/800x600.jpg" alt="A lantern" /><p>End</p>`;
    expect(responsiveRichText(html, '100vw')).toBe(
      `<p>Look:</p><picture>` +
        `<source type="image/avif" srcset="/media/${H}/320w.avif 320w, /media/${H}/640w.avif 640w, /media/${H}/800w.avif 800w" sizes="100vw">` +
        `<img src="/media/${H}/800x600.jpg" alt="A lantern" width="800" height="600" loading="lazy" decoding="async"></picture><p>End</p>`,
    );
  });

  it('keeps a width and height the author set, and leaves other images and text alone', () => {
    const own = `<img src="/media/${H}/800x600.png" alt="" width="400" height="300">`;
    expect(responsiveRichText(own)).toContain(
      `<img src="/media/${H}/800x600.png" alt="" width="400" height="300" loading="lazy"`,
    );
    const others =
      '<p>/media/ is a folder</p><img src="https://example.com/a.png" alt="x"><img src="/media/demo/x.svg" alt="">';
    expect(responsiveRichText(others)).toBe(others);
    expect(responsiveRichText('<p>No images</p>')).toBe('<p>No images</p>');
  });

  it('rewrites every uploaded image of a text', () => {
    const html = `<img src="/media/${H}/100x100.gif" alt="a"><img src="/media/${'f'.repeat(16)}/300x200.jpg" alt="b">`;
    expect(responsiveRichText(html).match(/<picture>/g)).toHaveLength(2);
  });
});

describe('share images', () => {
  it('uses an uploaded JPEG or PNG of at least 1200×630', () => {
    expect(uploadedShareImage(`/media/${H}/1200x675.jpg`, 'A')).toEqual({
      url: `/media/${H}/1200x675.jpg`,
      type: 'image/jpeg',
      width: 1200,
      height: 675,
      alt: 'A',
    });
    expect(uploadedShareImage(`/media/${H}/2000x1000.png`, 'A')?.type).toBe('image/png');
    for (const url of [
      `/media/${H}/1199x900.jpg`,
      `/media/${H}/1600x600.jpg`,
      `/media/${H}/1600x900.gif`,
      'https://x.y/a.jpg',
    ]) {
      expect(uploadedShareImage(url, 'A'), url).toBeNull();
    }
  });

  it('names generated cards by their content', () => {
    expect(studioCard('Northpaw Studio')).toMatchObject({
      url: expect.stringMatching(/^\/og\/site\/studio-[0-9a-f]{8}\.png$/),
      type: 'image/png',
      width: 1200,
      height: 630,
      alt: 'Northpaw Studio',
    });
    expect(studioCard('A').url).not.toBe(studioCard('B').url);
    const app = {
      id: 3,
      title: 'Quiet Hours',
      description: 'Calm.',
      icon: '',
      screenshots: [`/media/${H}/540x960.jpg`],
    };
    const card = appShareImage('Northpaw Studio', app);
    expect(card).toMatchObject({
      url: expect.stringMatching(/^\/og\/app\/3-[0-9a-f]{8}\.png$/),
      alt: 'Quiet Hours by Northpaw Studio',
    });
    // External icons are not drawn, so they do not change the card.
    expect(appShareImage('Northpaw Studio', { ...app, icon: 'https://x.y/i.png' }).url).toBe(card.url);
    expect(appShareImage('Northpaw Studio', { ...app, icon: `/media/${H}/256x256.jpg` }).url).not.toBe(card.url);
    expect(appShareImage('Northpaw Studio', { ...app, screenshots: [`/media/${H}/1200x675.jpg`] }).url).toBe(
      `/media/${H}/1200x675.jpg`,
    );
    expect(contentTag(['a', 'b'])).not.toBe(contentTag(['ab']));
  });
});
