// Where pasted and dropped images land: the placeholder follows the edits made while the file
// uploads, several files keep their order, and a deleted placeholder still gets its image.
import { getSchema } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { addPlaceholders, insertUploadedImage, placeholderPlugin, removePlaceholder } from './editor-image-uploads';

const schema = getSchema([StarterKit, Image]);

/** A stand-in for the editor's view: the state, and dispatch applying transactions to it. */
function viewOf(text: string, cursor: number) {
  const doc = schema.nodeFromJSON({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
  let state = EditorState.create({ doc, plugins: [placeholderPlugin(() => undefined)] });
  state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, cursor)));
  return {
    get state() {
      return state;
    },
    dispatch(tr: Transaction) {
      state = state.apply(tr);
    },
  };
}

const item = (n: number) => ({ url: `/media/000000000000000${n}/40x30.png`, width: 40, height: 30 });

/** The document as a short string: text, and [img src] for images. */
function outline(view: ReturnType<typeof viewOf>): string {
  const parts: string[] = [];
  view.state.doc.forEach((node) => {
    if (node.type.name === 'image') parts.push(`[${node.attrs.src as string} alt=${node.attrs.alt as string}]`);
    else parts.push(`<${node.textContent}>`);
  });
  return parts.join('');
}

describe('pasted and dropped images', () => {
  it('go where the placeholder is after edits before it, with alt, width and height', () => {
    const view = viewOf('Hello world', 7); // "Hello |world"
    addPlaceholders(view, [{ id: 'a', label: 'a.png' }], 7);
    // Typing before the placeholder moves it along.
    view.dispatch(view.state.tr.insertText('big ', 1));
    insertUploadedImage(view, 'a', item(1), 'a');
    expect(outline(view)).toBe('<big Hello >[/media/0000000000000001/40x30.png alt=a]<world>');
    const image = view.state.doc.child(1);
    expect(image.attrs).toMatchObject({ width: 40, height: 30 });
  });

  it.each([
    ['at the end of a paragraph', 3, '<ab>[1][2][3]'],
    ['in the middle of a paragraph', 2, '<a>[1][2][3]<b>'],
    ['at the start of a paragraph', 1, '[1][2][3]<ab>'],
  ])('keep the order they came in, %s', (_, cursor, expected) => {
    const view = viewOf('ab', cursor);
    addPlaceholders(
      view,
      ['1', '2', '3'].map((n) => ({ id: n, label: `${n}.png` })),
      cursor,
    );
    for (const n of ['1', '2', '3']) insertUploadedImage(view, n, item(Number(n)), n);
    expect(outline(view).replace(/\/media\/0+(\d)\/40x30\.png alt=\d/g, '$1')).toBe(expected);
  });

  it('still go in, at the cursor, when the text around the placeholder was deleted', () => {
    const view = viewOf('Hello world', 4);
    addPlaceholders(view, [{ id: 'gone', label: 'x.png' }], 4);
    const tr = view.state.tr.delete(2, 8);
    view.dispatch(tr.setSelection(TextSelection.create(tr.doc, 1)));
    insertUploadedImage(view, 'gone', item(3), 'x');
    expect(outline(view)).toContain('[/media/0000000000000003/40x30.png alt=x]');
  });

  it('leave nothing behind when the upload fails', () => {
    const view = viewOf('Hello', 3);
    const before = view.state.doc;
    addPlaceholders(view, [{ id: 'bad', label: 'bad.png' }], 3);
    removePlaceholder(view, 'bad');
    expect(view.state.doc.eq(before)).toBe(true);
    // The placeholder is gone: a late insert would fall back to the cursor, not to the old spot.
    const decorations = view.state.plugins[0]!.getState(view.state) as { find: () => unknown[] };
    expect(decorations.find()).toEqual([]);
  });
});
