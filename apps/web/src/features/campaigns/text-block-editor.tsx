import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useMemo, useState } from 'react';

/**
 * Only what the server keeps of a campaign's rich text (p, br, strong, em, u, s, a[href], lists,
 * h2, h3, blockquote, hr): no code, no other heading levels. Link comes on its own, configured,
 * rather than StarterKit's; Mantine's Link extension is not used, as its Mod+K shortcut opens the
 * link box of every editor on the page at once.
 */
function textBlockExtensions() {
  return [
    StarterKit.configure({
      link: false,
      code: false,
      codeBlock: false,
      heading: { levels: [2, 3] },
    }),
    Link.configure({
      openOnClick: false,
      defaultProtocol: 'https',
      // The server keeps only href: no target or rel to promise here.
      HTMLAttributes: { target: null, rel: null },
    }),
  ];
}

/** The editor's attributes: its accessible name, and its error when there is one. */
function contentAttributes(id: string, label: string, errorId: string | undefined) {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };
}

/**
 * A text block's rich text (Mantine's TipTap editor), with the toolbar cut to what the email keeps.
 * It is uncontrolled: `html` is only where it starts; every change comes back through `onChange`.
 */
export function TextBlockEditor({
  id,
  label,
  html,
  onChange,
  errorId,
  autoFocus = false,
}: {
  /** The editable area's id, so a refusal can put the keyboard there. */
  id: string;
  /** The editable area's accessible name, e.g. "Text of block 2". */
  label: string;
  html: string;
  onChange: (html: string) => void;
  /** The id of the block's error message, while there is one. */
  errorId?: string;
  autoFocus?: boolean;
}) {
  const [initial] = useState(() => ({ html, autoFocus }));
  const extensions = useMemo(textBlockExtensions, []);
  const editorProps = useMemo(
    () => ({ attributes: contentAttributes(id, label, errorId) }),
    [id, label, errorId],
  );
  const editor = useEditor({
    extensions,
    content: initial.html,
    autofocus: initial.autoFocus ? 'end' : false,
    // The toolbar's controls follow the selection themselves; the block needs no re-render.
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  return (
    <RichTextEditor
      editor={editor}
      // Opening a link in a new tab is a choice the email drops (it keeps href alone).
      styles={{ linkEditorExternalControl: { display: 'none' } }}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
