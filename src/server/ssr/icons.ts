// The brand icon sprite, drawn once at start-up from react-icons' Font Awesome set.
import { createHash } from 'node:crypto';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FaAppStore, FaFacebook, FaGithub, FaGlobe, FaGooglePlay, FaInstagram, FaLinkedin, FaXTwitter } from 'react-icons/fa6';
import { SPRITE_PATH, type SpriteIconName } from '../../shared/icons';
import type { AppInstance } from '../types';

const ICONS: Record<SpriteIconName, ComponentType> = {
  'google-play': FaGooglePlay,
  'app-store': FaAppStore,
  globe: FaGlobe,
  github: FaGithub,
  'x-twitter': FaXTwitter,
  instagram: FaInstagram,
  facebook: FaFacebook,
  linkedin: FaLinkedin,
};

export function buildSprite(): string {
  const symbols = Object.entries(ICONS).map(([name, Icon]) => {
    const svg = renderToStaticMarkup(createElement(Icon));
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 512 512';
    const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    return `<symbol id="${name}" viewBox="${viewBox}">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

export function iconRoutes(app: AppInstance): void {
  const body = buildSprite();
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  app.get(SPRITE_PATH, (request, reply) => {
    reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml').send(body);
  });
}
