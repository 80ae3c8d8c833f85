// Where "Insert 'What we measure'" puts the text (issue 27): at the end of the policy, or in place of
// the one inserted before (up to the next heading of its level), so pressing it again after the
// retention setting changed updates the text instead of repeating it.
const HEADING = '<h2>What we measure</h2>';

export function placeWhatWeMeasure(policy: string, text: string): string {
  const content = policy.trim();
  const start = content.indexOf(HEADING);
  if (start < 0) return content ? `${content}\n${text}` : text;
  const next = content.indexOf('<h2', start + HEADING.length);
  return content.slice(0, start) + text + (next < 0 ? '' : `\n${content.slice(next)}`);
}
