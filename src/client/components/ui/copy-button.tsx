// Copies a text to the clipboard and says so on the button itself ("Copied"), announced to screen
// readers. Where the browser refuses (no permission, an insecure page), the button says so and
// the text's own field, when there is one, is focused so it can be copied by hand.
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from './button';

type CopyState = 'copied' | 'failed';

export function CopyButton({
  text,
  label,
  about,
  fieldId,
  ...props
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  text: string;
  /** The button's words before copying: "Copy URL", "Copy link". */
  label: string;
  /** Said to screen readers after the label, naming what is copied: "of screenshot.png". */
  about?: string;
  /** The field showing the text, focused (and so selected) when the browser will not copy. */
  fieldId?: string;
}) {
  // What the last press did, and to which text: a new text (a new link) starts over.
  const [last, setLast] = useState<{ text: string; state: CopyState } | null>(null);
  const shown = last?.text === text ? last.state : 'idle';

  const copy = () => {
    const done = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    void done.then(
      () => setLast({ text, state: 'copied' }),
      () => {
        setLast({ text, state: 'failed' });
        if (fieldId) document.getElementById(fieldId)?.focus();
      },
    );
  };

  return (
    <Button variant="outline" {...props} onClick={copy}>
      {shown === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">
        {shown === 'copied' ? 'Copied' : shown === 'failed' ? 'Copy failed: select and copy by hand' : label}
      </span>
      {about && <span className="sr-only"> {about}</span>}
    </Button>
  );
}
