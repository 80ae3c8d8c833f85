// Runs in <head> before first paint (allowed by its CSP hash): applies the stored theme,
// so a visitor never sees a flash of the wrong one. The site's default is dark.
import { THEME_STORAGE_KEY } from '../../shared/theme-key';

export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})||"dark";if(t==="system"){t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var r=document.documentElement;r.classList.remove("light","dark");r.classList.add(t==="light"?"light":"dark");r.style.colorScheme=t==="light"?"light":"dark"}catch(e){document.documentElement.classList.add("dark")}})();`;
