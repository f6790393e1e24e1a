import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubLayout } from './campaign-test-data';
import { TextBlockEditor } from './text-block-editor';

beforeAll(stubLayout);

function renderEditor(html = '<p>Hello <strong>friends</strong></p>') {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <TextBlockEditor id="block-1-text" label="Text of block 1" html={html} onChange={onChange} />
    </MantineProvider>,
  );
  return { onChange };
}

describe('a text block’s editor', () => {
  it('is named, starts from the saved text, and offers only what the email keeps', async () => {
    renderEditor();
    const area = await screen.findByRole('textbox', { name: 'Text of block 1' });
    expect(area).toHaveAttribute('contenteditable', 'true');
    expect(area).toHaveTextContent('Hello friends');
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Heading 2',
      'Heading 3',
      'Bullet list',
      'Ordered list',
      'Blockquote',
      'Horizontal line',
      'Link',
      'Remove link',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Heading 1|Code/ })).toBeNull();
  });

  it('reports what is typed as HTML', async () => {
    const { onChange } = renderEditor('');
    const area = await screen.findByRole('textbox', { name: 'Text of block 1' });
    await userEvent.setup().type(area, 'Hi');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('Hi')));
  });
});
