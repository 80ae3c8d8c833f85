// Runs in <head> of a public page (allowed by its CSP hash), before any other script: a press on an
// island's button made before the loader has arrived (a phone on a slow network shows the page well
// before its scripts) is kept here, and the loader presses it again once it is there, so that it is
// held and replayed as a press made while an island's own code loads. Only buttons that do nothing
// without script (type="button") are kept: a submit button or a link still works the plain way
// meanwhile, and keeps doing so if the scripts never come. The server imports this file, the loader
// only its types, so none of it is in the loader's code. Every byte is in every first view.
import { ISLAND_TAG } from './names';

/** What the capture leaves for the loader: the buttons pressed, in order (a button pressed twice is there twice). */
export type EarlyTaps = HTMLElement[] & {
  /** The capture's click listener (capture phase, on window), for the loader to take off. */
  listener: (event: Event) => void;
};

declare global {
  interface Window {
    __islandTaps?: EarlyTaps;
  }
}

export const TAP_CAPTURE_SCRIPT = `addEventListener("click",(window.__islandTaps=[]).listener=function(e){var b=e.target.closest("${ISLAND_TAG} button[type=button]");b&&(e.preventDefault(),__islandTaps.push(b))},!0)`;
