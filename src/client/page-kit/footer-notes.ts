// Lines a page asks the footer to carry (the store badges' trademark notices). The page renders
// before the footer (the server renders in document order), so what it adds is there in time.
import { createContext, useContext } from 'react';

export const FooterNotesContext = createContext<Set<string> | null>(null);

export function useFooterNotes(lines: string[]): void {
  const notes = useContext(FooterNotesContext);
  for (const line of lines) notes?.add(line);
}
