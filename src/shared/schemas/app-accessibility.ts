// An app's accessibility features (issue 25): the Accessible Games Initiative's 24 tags (2025: EA,
// Google, Microsoft, Nintendo, Ubisoft, Sony and others), by the stable keys the API, the catalogue's
// filter addresses (/apps?tag=clear-text) and the database use. Their names and explanations, in
// every language, are the catalogues' `a11yTag.{key}` and `a11yTag.{key}.text` messages; the English
// names below are the initiative's own.

/** The initiative's groups, in its order. */
export const ACCESSIBILITY_GROUPS = ['auditory', 'gameplay', 'input', 'visual'] as const;
export type AccessibilityGroup = (typeof ACCESSIBILITY_GROUPS)[number];

const tag = <K extends string>(key: K, name: string, group: AccessibilityGroup) => ({ key, name, group });

/** The 24 tags: key, official English name, group. */
export const ACCESSIBILITY_TAGS = [
  tag('multiple-volume-controls', 'Multiple Volume Controls', 'auditory'),
  tag('mono-sound', 'Mono Sound', 'auditory'),
  tag('stereo-sound', 'Stereo Sound', 'auditory'),
  tag('surround-sound', 'Surround Sound', 'auditory'),
  tag('narrated-menus', 'Narrated Menus', 'auditory'),
  tag('chat-speech-to-text', 'Chat Speech-to-Text & Text-to-Speech', 'auditory'),
  tag('save-anytime', 'Save Anytime', 'gameplay'),
  tag('difficulty-levels', 'Difficulty Levels', 'gameplay'),
  tag('basic-input-remapping', 'Basic Input Remapping', 'input'),
  tag('full-input-remapping', 'Full Input Remapping', 'input'),
  tag('stick-inversion', 'Stick Inversion', 'input'),
  tag('no-button-holds', 'Playable Without Button Holds', 'input'),
  tag('no-rapid-button-presses', 'Playable Without Rapid Button Presses', 'input'),
  tag('keyboard-only', 'Playable With Keyboard Only', 'input'),
  tag('mouse-only', 'Playable With Mouse Only', 'input'),
  tag('buttons-only', 'Playable With Buttons Only', 'input'),
  tag('touch-only', 'Playable With Touch Only', 'input'),
  tag('no-motion-controls', 'Playable Without Motion Controls', 'input'),
  tag('no-touch-controls', 'Playable Without Touch Controls', 'input'),
  tag('clear-text', 'Clear Text', 'visual'),
  tag('large-text', 'Large Text', 'visual'),
  tag('large-clear-subtitles', 'Large & Clear Subtitles', 'visual'),
  tag('color-alternatives', 'Color Alternatives', 'visual'),
  tag('camera-comfort', 'Camera Comfort', 'visual'),
] as const;

export type AccessibilityTag = (typeof ACCESSIBILITY_TAGS)[number]['key'];
export const ACCESSIBILITY_TAG_KEYS = ACCESSIBILITY_TAGS.map((t) => t.key) as readonly AccessibilityTag[];

export const isAccessibilityTag = (value: string): value is AccessibilityTag =>
  (ACCESSIBILITY_TAG_KEYS as readonly string[]).includes(value);
