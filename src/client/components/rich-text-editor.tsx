// The rich-text editor (Tiptap) with our own toolbar. Two toolbars, as SPEC §2 describes:
// 'page' (privacy policy, About Us) and 'blog' (more headings, indent, alignment).
// History: 100 steps, changes within 1000 ms grouped. Links: http, https, mailto and tel only.
// Images: the Image button (upload or pick from the media library, with alt text) and pasted or
// dropped files, uploaded first; they are stored as <img src="/media/…" alt width height>. A
// selected image's alt text is edited from the toolbar's "Alt text" button, Enter, or a double-click.
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Eraser,
  ImagePlus,
  Indent,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Outdent,
  Redo,
  Strikethrough,
  TextQuote,
  Underline,
  Undo,
} from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '../lib/utils';
import { EditorUploadStatus, ImageUploads, useEditorImageUploads } from './media/editor-image-uploads';
import { ImageDialogContent, type ImageChoice } from './media/image-dialog';
import { Tooltip } from './ui/controls';
import { Dialog, DialogTrigger } from './ui/dialog';
import { toast } from '../lib/toast';

export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'];
const ALLOWED_LINK = /^(https?:\/\/|mailto:|tel:)/i;

export type ToolbarKind = 'page' | 'blog';

export interface RichTextEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  toolbar: ToolbarKind;
  /** Fixed height of the editing area (page editors: 500 px) or its minimum (blog: 300 px). */
  height?: number;
  minHeight?: number;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** True while pasted or dropped images are uploading (they are inserted when done). */
  onBusyChange?: (busy: boolean) => void;
}

/** A toolbar button; other props (a dialog trigger's) go to the <button>. */
function ToolButton({
  label,
  active,
  highlighted,
  className,
  ...props
}: ComponentProps<'button'> & { label: string; active?: boolean; highlighted?: boolean }) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        onMouseDown={(e) => e.preventDefault()}
        {...props}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-md text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40',
          (active || highlighted) && 'bg-accent text-accent-foreground',
          className,
        )}
      />
    </Tooltip>
  );
}

/** A long text cut for a tooltip. */
const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const Divider = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" />;

function setLink(editor: Editor) {
  const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
  const url = window.prompt('Link address (https://, mailto: or tel:). Leave empty to remove the link.', previous);
  if (url === null) return;
  const value = url.trim();
  if (value === '') {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    return;
  }
  if (!ALLOWED_LINK.test(value)) {
    toast({
      title: 'Link not added',
      description: 'Links must start with http://, https://, mailto: or tel:',
      variant: 'destructive',
    });
    return;
  }
  editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
}

function Toolbar({ editor, kind }: { editor: Editor; kind: ToolbarKind }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: [1, 2, 3, 4, 5, 6].find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      imageAlt: e.isActive('image') ? String(e.getAttributes('image').alt ?? '').trim() : '',
      align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      canSink: e.can().sinkListItem('listItem'),
      canLift: e.can().liftListItem('listItem'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const levels = kind === 'blog' ? [1, 2, 3, 4, 5, 6] : [1, 2, 3];
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 p-1.5"
    >
      <select
        aria-label="Text style"
        value={state.heading}
        onChange={(e) => {
          const level = Number(e.target.value);
          if (level === 0) chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 })
              .run();
        }}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm"
      >
        <option value={0}>Normal</option>
        {levels.map((l) => (
          <option key={l} value={l}>
            Heading {l}
          </option>
        ))}
      </select>
      <Divider />
      <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label="Strikethrough" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough aria-hidden="true" className="size-4" />
      </ToolButton>
      <Divider />
      <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden="true" className="size-4" />
      </ToolButton>
      {kind === 'blog' && (
        <>
          <ToolButton label="Indent" disabled={!state.canSink} onClick={() => chain().sinkListItem('listItem').run()}>
            <Indent aria-hidden="true" className="size-4" />
          </ToolButton>
          <ToolButton label="Outdent" disabled={!state.canLift} onClick={() => chain().liftListItem('listItem').run()}>
            <Outdent aria-hidden="true" className="size-4" />
          </ToolButton>
        </>
      )}
      <Divider />
      <ToolButton label={state.link ? 'Edit link' : 'Add link'} active={state.link} onClick={() => setLink(editor)}>
        <LinkIcon aria-hidden="true" className="size-4" />
      </ToolButton>
      {/* Opens the editor's Image dialog; Radix gives the focus back to it on Cancel. */}
      <DialogTrigger asChild>
        <ToolButton label={state.image ? 'Edit image' : 'Insert image'} highlighted={state.image}>
          <ImagePlus aria-hidden="true" className="size-4" />
        </ToolButton>
      </DialogTrigger>
      {/* A selected image's description, in words: where to give it one is plain to see. */}
      {state.image && (
        <DialogTrigger asChild>
          <ToolButton
            label={state.imageAlt ? `Alt text: “${shorten(state.imageAlt)}” (Enter)` : 'Add alt text (Enter)'}
            className="w-auto gap-1.5 px-2 text-xs font-medium"
          >
            <TextQuote aria-hidden="true" className="size-4" />
            <span aria-hidden="true">Alt text</span>
            {!state.imageAlt && (
              <span aria-hidden="true" className="rounded bg-destructive/15 px-1 text-[10px] text-destructive">
                missing
              </span>
            )}
          </ToolButton>
        </DialogTrigger>
      )}
      {kind === 'blog' && (
        <>
          <Divider />
          {(
            [
              ['left', 'Align left', AlignLeft],
              ['center', 'Align center', AlignCenter],
              ['right', 'Align right', AlignRight],
              ['justify', 'Justify', AlignJustify],
            ] as const
          ).map(([align, label, Icon]) => (
            <ToolButton
              key={align}
              label={label}
              active={state.align === align}
              onClick={() => chain().setTextAlign(align).run()}
            >
              <Icon aria-hidden="true" className="size-4" />
            </ToolButton>
          ))}
        </>
      )}
      <Divider />
      <ToolButton label="Clear formatting" onClick={() => chain().unsetAllMarks().clearNodes().unsetTextAlign().run()}>
        <Eraser aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo aria-hidden="true" className="size-4" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo aria-hidden="true" className="size-4" />
      </ToolButton>
    </div>
  );
}

export function RichTextEditor({
  id,
  value,
  onChange,
  toolbar,
  height,
  minHeight,
  label,
  invalid,
  describedBy,
  onBusyChange,
}: RichTextEditorProps) {
  const uploads = useEditorImageUploads(onBusyChange);
  // The editor is made once: its double-click handler reaches the latest callback through a ref.
  const openImageDialog = useRef(() => {});
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: toolbar === 'blog' ? [1, 2, 3, 4, 5, 6] : [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 1000 },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: LINK_PROTOCOLS,
          isAllowedUri: (url) => ALLOWED_LINK.test(url),
        },
        codeBlock: false,
        horizontalRule: false,
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ inline: false, allowBase64: false }),
      // A stable callback: the uploads' state lives in the hook, not in the editor.
      ImageUploads.configure({ onFiles: uploads.onFiles }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'rich-text px-4 py-3 focus:outline-none h-full',
      },
      // Double-clicking an image, or Enter while it is selected, opens the dialog that edits its alt text.
      handleDoubleClickOn: (_view, _pos, node) => {
        if (node.type.name !== 'image') return false;
        openImageDialog.current();
        return true;
      },
      handleKeyDown: (view, event) => {
        const { selection } = view.state;
        if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
        if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return false;
        openImageDialog.current();
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (a form reset or a reload) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The Image dialog: `current` is the selected image (its alt text is edited), else null (insert).
  const [imageDialog, setImageDialog] = useState<{ current: ImageChoice | null } | null>(null);
  // After inserting or saving, the keyboard goes back to the text, not to the toolbar button.
  const backToText = useRef(false);
  useEffect(() => {
    openImageDialog.current = () => {
      backToText.current = true;
      setImageDialog({ current: selectedImage(editor) });
    };
  });

  const onImageSubmit = (choice: ImageChoice) => {
    if (!editor) return;
    const attrs = { src: choice.src, alt: choice.alt, width: choice.width, height: choice.height };
    if (imageDialog?.current) editor.chain().updateAttributes('image', { alt: choice.alt }).run();
    else editor.chain().insertContent({ type: 'image', attrs }).run();
    backToText.current = true;
    setImageDialog(null);
  };

  return (
    <Dialog
      open={imageDialog !== null}
      onOpenChange={(open) => {
        if (open) backToText.current = false;
        setImageDialog(open ? { current: selectedImage(editor) } : null);
      }}
    >
      <div
        className={cn(
          'flex flex-col overflow-hidden rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
          invalid && 'border-destructive',
        )}
        data-testid="rich-text-editor"
      >
        {editor ? <Toolbar editor={editor} kind={toolbar} /> : <div className="h-11 border-b bg-muted/40" />}
        <EditorUploadStatus pending={uploads.pending} failed={uploads.failed} onDismiss={uploads.dismiss} />
        <div
          className="overflow-y-auto"
          style={height ? { height } : { minHeight }}
          onClick={() => editor?.commands.focus()}
        >
          <EditorContent
            editor={editor}
            className="h-full [&_.ProseMirror]:min-h-full [&_img]:cursor-pointer [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-offset-2 [&_img.ProseMirror-selectednode]:outline-ring"
          />
        </div>
      </div>
      {imageDialog && (
        <ImageDialogContent
          current={imageDialog.current}
          onSubmit={onImageSubmit}
          onCloseAutoFocus={(event) => {
            if (!backToText.current || !editor) return;
            event.preventDefault();
            editor.commands.focus();
          }}
        />
      )}
    </Dialog>
  );
}

/** The image the editor's selection is on (a click selects it), for the dialog to edit. */
function selectedImage(editor: Editor | null): ImageChoice | null {
  if (!editor?.isActive('image')) return null;
  const attrs = editor.getAttributes('image') as {
    src?: string;
    alt?: string | null;
    width?: unknown;
    height?: unknown;
  };
  if (!attrs.src) return null;
  const size = (v: unknown) => (v == null || v === '' || Number.isNaN(Number(v)) ? null : Number(v));
  return { src: attrs.src, alt: attrs.alt ?? '', width: size(attrs.width), height: size(attrs.height) };
}
