// The note that offers the page in the visitor's language (see language-choice.ts), written in that
// language (they read it better than the page's): a link and a close button, fixed at the bottom of
// the screen so nothing on the page moves.
import { LANGUAGE_NOTE_DISMISSED, type OfferedLanguage } from './language-choice';

/** "View this page in {name}?" and "Close", in the offered language (by its base tag). */
const WORDS: Record<string, [offer: string, close: string]> = {
  en: ['View this page in {name}?', 'Close'],
  de: ['Diese Seite auf {name} ansehen?', 'Schließen'],
  fr: ['Voir cette page en {name} ?', 'Fermer'],
  es: ['¿Ver esta página en {name}?', 'Cerrar'],
  pt: ['Ver esta página em {name}?', 'Fechar'],
  it: ['Vedere questa pagina in {name}?', 'Chiudi'],
  nl: ['Deze pagina in het {name} bekijken?', 'Sluiten'],
  ja: ['このページを{name}で表示しますか？', '閉じる'],
  ko: ['이 페이지를 {name}(으)로 보시겠습니까?', '닫기'],
  zh: ['以{name}查看此页面？', '关闭'],
  ar: ['عرض هذه الصفحة باللغة {name}؟', 'إغلاق'],
  ru: ['Открыть эту страницу на языке: {name}?', 'Закрыть'],
  tr: ['Bu sayfayı {name} dilinde görüntüle?', 'Kapat'],
};

export function showLanguageNote(offer: OfferedLanguage): void {
  const [offerText, close] = WORDS[offer.code.toLowerCase().split('-')[0]!] ?? WORDS.en!;
  const note = document.createElement('aside');
  note.lang = offer.code;
  note.dir = 'auto';
  note.setAttribute('aria-label', offer.name);
  // Styled inline, not with utility classes: its rules would weigh on every first view's stylesheet.
  note.style.cssText =
    'position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:50;margin:0 auto;display:flex;align-items:center;gap:.75rem;max-width:28rem;padding:.75rem 1rem;border:1px solid var(--border);border-radius:.5rem;background:var(--card);color:var(--card-foreground);font-size:.875rem;box-shadow:0 10px 15px -3px rgb(0 0 0/.3)';
  const link = document.createElement('a');
  link.href = offer.href;
  link.hreflang = offer.code;
  link.style.cssText = 'flex:1;font-weight:500;color:var(--primary)';
  link.textContent = offerText.replace('{name}', offer.name);
  const button = document.createElement('button');
  button.type = 'button';
  button.style.cssText = 'padding:.25rem .5rem;border-radius:.375rem;color:var(--muted-foreground)';
  button.setAttribute('aria-label', close);
  button.textContent = '×';
  button.addEventListener('click', () => {
    try {
      localStorage.setItem(LANGUAGE_NOTE_DISMISSED, '1');
    } catch {
      // storage unavailable: closed for this page only
    }
    note.remove();
  });
  note.append(link, button);
  document.body.append(note);
}
