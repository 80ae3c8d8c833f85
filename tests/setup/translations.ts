// The texts the translation tests save (issue 24): a post's and an app's fields in another
// language, all filled in from a title.

/** A post's translated fields: its title, a text naming it, no excerpt or SEO texts of its own. */
export const postFields = (title: string) => ({
  title,
  content: `<p>${title}: der ganze Text.</p>`,
  excerpt: '',
  seoTitle: '',
  seoDescription: '',
});

/** An app's translated fields: its title and a description naming it. */
export const appFields = (title: string) => ({
  title,
  description: `${title}: ein Spiel.`,
  tagline: '',
  longDescription: '',
});
