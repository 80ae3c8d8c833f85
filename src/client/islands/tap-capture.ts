// Runs in <head> of a public page (allowed by its CSP hash), before any other script: a press on an
// island's button made before the loader has arrived (a phone on a slow network shows the page well
// before its scripts) is held here, and the loader presses it again once the island is ready, as it
// does for a press made while an island's own code loads. Only buttons that do nothing without
// script (type="button") are held: a submit button or a link still works the plain way meanwhile,
// and keeps doing so if the scripts never come. The server imports this file; the loader only its
// types, so none of it is in the loader's code.
import { ISLAND_TAG } from './names';

/** What the capture script leaves for the loader. */
export interface EarlyTaps {
  /** The buttons pressed, each once, in order. */
  buttons: HTMLElement[];
  /** The capture's click listener (capture phase, on document), for the loader to take off. */
  listener: (event: Event) => void;
}

declare global {
  interface Window {
    __islandTaps?: EarlyTaps;
  }
}

const BUTTON = `${ISLAND_TAG}:not([data-hydrated]) button[type=button]`;

export const TAP_CAPTURE_SCRIPT = `(function(){var q=window.__islandTaps={buttons:[],listener:function(e){var b=e.target.closest&&e.target.closest("${BUTTON}");if(!b)return;e.preventDefault();e.stopPropagation();if(q.buttons.indexOf(b)<0)q.buttons.push(b)}};document.addEventListener("click",q.listener,true)})();`;
