// The icon sprite, drawn once at start-up: brand icons from react-icons' Font Awesome set, and the
// few lucide icons the public pages' first download would otherwise carry as code.
import { etagOf, notModified } from '../lib/etag';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  ArrowLeft,
  ArrowRight,
  ChevronLeft,
  ChevronRight,
  LifeBuoy,
  Menu,
  Moon,
  Newspaper,
  Play,
  Rss,
  Search,
  Shield,
  Sun,
  UserX,
  X,
} from 'lucide-react';
import {
  FaAppStore,
  FaFacebook,
  FaGithub,
  FaGlobe,
  FaGooglePlay,
  FaInstagram,
  FaLinkedin,
  FaXTwitter,
} from 'react-icons/fa6';
import {
  FaBehance,
  FaDiscord,
  FaDribbble,
  FaMedium,
  FaPinterest,
  FaReddit,
  FaTiktok,
  FaTwitch,
  FaTwitter,
  FaYoutube,
} from 'react-icons/fa';
import { SPRITE_PATH, type SpriteIconName } from '../../shared/icons';
import type { AppModule } from '../types';

/** fill: a brand mark; stroke: a lucide line icon; solid: a lucide icon filled as well (play). */
type Kind = 'fill' | 'stroke' | 'solid';
const ICONS: Record<SpriteIconName, [ComponentType, Kind]> = {
  'google-play': [FaGooglePlay, 'fill'],
  'app-store': [FaAppStore, 'fill'],
  globe: [FaGlobe, 'fill'],
  github: [FaGithub, 'fill'],
  'x-twitter': [FaXTwitter, 'fill'],
  instagram: [FaInstagram, 'fill'],
  facebook: [FaFacebook, 'fill'],
  linkedin: [FaLinkedin, 'fill'],
  menu: [Menu, 'stroke'],
  x: [X, 'stroke'],
  sun: [Sun, 'stroke'],
  moon: [Moon, 'stroke'],
  newspaper: [Newspaper, 'stroke'],
  shield: [Shield, 'stroke'],
  'user-x': [UserX, 'stroke'],
  'life-buoy': [LifeBuoy, 'stroke'],
  search: [Search, 'stroke'],
  twitter: [FaTwitter, 'fill'],
  youtube: [FaYoutube, 'fill'],
  pinterest: [FaPinterest, 'fill'],
  tiktok: [FaTiktok, 'fill'],
  discord: [FaDiscord, 'fill'],
  twitch: [FaTwitch, 'fill'],
  reddit: [FaReddit, 'fill'],
  medium: [FaMedium, 'fill'],
  dribbble: [FaDribbble, 'fill'],
  behance: [FaBehance, 'fill'],
  'arrow-left': [ArrowLeft, 'stroke'],
  'arrow-right': [ArrowRight, 'stroke'],
  'chevron-left': [ChevronLeft, 'stroke'],
  'chevron-right': [ChevronRight, 'stroke'],
  play: [Play, 'solid'],
  rss: [Rss, 'stroke'],
};

export function buildSprite(): string {
  const symbols = Object.entries(ICONS).map(([name, [Icon, kind]]) => {
    const svg = renderToStaticMarkup(createElement(Icon));
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 512 512';
    const inner = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
    // A <use> does not inherit the source <svg>'s attributes: paint is set on a group.
    const stroke = 'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
    const paint =
      kind === 'fill' ? 'fill="currentColor"' : `fill="${kind === 'solid' ? 'currentColor' : 'none'}" ${stroke}`;
    return `<symbol id="${name}" viewBox="${viewBox}"><g ${paint}>${inner}</g></symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

export const iconsModule: AppModule = async (app) => {
  const body = buildSprite();
  const etag = etagOf(body);
  app.get(SPRITE_PATH, (request, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    if (notModified(request, reply, etag)) return reply.send();
    return reply.type('image/svg+xml').send(body);
  });
};
