// An island's words travel in its element: whole namespaces, or single keys of one (the words its
// state can show), never the rest of the catalogue.
import { describe, expect, it } from 'vitest';
import { packMessages, unpackMessages } from './island-messages';

const catalogue = {
  'themeMenu.toggle': 'Thema wechseln',
  'subscribeForm.titleNewsletter': 'Neuigkeiten',
  'subscribeForm.titleApp': 'Sag mir Bescheid',
  'subscribeForm.submit': 'Anmelden',
  'nav.home': 'Startseite',
};

describe('packMessages', () => {
  it('packs whole namespaces and single keys, nothing else', () => {
    const packed = packMessages(catalogue, ['themeMenu', 'subscribeForm.titleNewsletter', 'subscribeForm.submit']);
    expect(packed).toEqual({
      themeMenu: { toggle: 'Thema wechseln' },
      subscribeForm: { titleNewsletter: 'Neuigkeiten', submit: 'Anmelden' },
    });
    expect(unpackMessages(packed)).toEqual({
      'themeMenu.toggle': 'Thema wechseln',
      'subscribeForm.titleNewsletter': 'Neuigkeiten',
      'subscribeForm.submit': 'Anmelden',
    });
  });
});
