import { MARKETING_LIMITS } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import type { CampaignView } from './api/campaigns';
import {
  blockHasContent,
  campaignFormValues,
  emptyCampaign,
  EVERYONE,
  firstErrorField,
  isBlankHtml,
  moveBlock,
  newBlock,
  refusalOnForm,
  saveCampaignVariables,
  validateCampaignForm,
  type CampaignFormValues,
  type DraftBlock,
} from './campaign-form-values';

const block = (overrides: Partial<DraftBlock>): DraftBlock => ({
  ...newBlock('text'),
  ...overrides,
});

const values = (overrides: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  subject: 'Spring release',
  preview: 'Three new wines',
  audience: EVERYONE,
  blocks: [block({ html: '<p>Hello</p>' })],
  ...overrides,
});

const CAMPAIGN = {
  id: 4,
  subject: 'Spring release',
  preview: 'New wines',
  segmentId: 9,
  blocks: [
    { kind: 'text', html: '<p>Hi</p>', productId: null, clubId: null, eventId: null },
    { kind: 'product', html: null, productId: 11, clubId: null, eventId: null },
    { kind: 'club', html: null, productId: null, clubId: 12, eventId: null },
    { kind: 'event', html: null, productId: null, clubId: null, eventId: 13 },
    { kind: 'poll', html: null, productId: null, clubId: null, eventId: null },
  ],
} as unknown as CampaignView;

describe('a campaign’s blocks and their input', () => {
  it('reads a saved campaign into the form, each block with its own key', () => {
    const form = campaignFormValues(CAMPAIGN);
    expect(form.subject).toBe('Spring release');
    expect(form.audience).toBe('9');
    expect(form.blocks.map(({ kind, html, itemId }) => ({ kind, html, itemId }))).toEqual([
      { kind: 'text', html: '<p>Hi</p>', itemId: null },
      { kind: 'product', html: '', itemId: 11 },
      { kind: 'club', html: '', itemId: 12 },
      { kind: 'event', html: '', itemId: 13 },
    ]);
    expect(new Set(form.blocks.map((b) => b.key)).size).toBe(4);
  });

  it('writes saveCampaign’s variables: trimmed text, the segment or none, one input per block', () => {
    const form = campaignFormValues(CAMPAIGN);
    expect(
      saveCampaignVariables('hill-winery', 4, { ...form, subject: '  Spring  ', preview: ' ' }),
    ).toEqual({
      businessSlug: 'hill-winery',
      id: 4,
      subject: 'Spring',
      preview: '',
      segmentId: 9,
      blocks: [
        { kind: 'text', html: '<p>Hi</p>' },
        { kind: 'product', productId: 11 },
        { kind: 'club', clubId: 12 },
        { kind: 'event', eventId: 13 },
      ],
    });
    expect(saveCampaignVariables('hill-winery', null, values()).segmentId).toBeNull();
  });

  it('starts a new campaign with one empty text block, sent to everyone', () => {
    const empty = emptyCampaign();
    expect(empty.audience).toBe(EVERYONE);
    expect(empty.blocks).toHaveLength(1);
    expect(empty.blocks[0]!.kind).toBe('text');
  });

  it('moves a block up or down, and ignores moves off either end', () => {
    expect(moveBlock(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveBlock(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveBlock(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveBlock(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });

  it('tells blank rich text from text worth asking about before removing', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p> &nbsp;<br></p>')).toBe(true);
    expect(isBlankHtml('<hr>')).toBe(false);
    expect(isBlankHtml('<p><strong>Hi</strong></p>')).toBe(false);
    expect(blockHasContent(block({ html: '<p></p>' }))).toBe(false);
    expect(blockHasContent(block({ kind: 'product', itemId: null }))).toBe(false);
    expect(blockHasContent(block({ kind: 'product', itemId: 3 }))).toBe(true);
  });
});

describe('the campaign form’s checks', () => {
  it('accepts a complete campaign', () => {
    expect(validateCampaignForm(values())).toEqual({});
  });

  it('asks for a subject, short enough, and a short preview text', () => {
    expect(validateCampaignForm(values({ subject: '  ' })).subject).toBe('Write a subject.');
    expect(
      validateCampaignForm(values({ subject: 'x'.repeat(MARKETING_LIMITS.subjectLength + 1) }))
        .subject,
    ).toMatch(/at most 150/);
    expect(
      validateCampaignForm(values({ preview: 'x'.repeat(MARKETING_LIMITS.previewLength + 1) }))
        .preview,
    ).toMatch(/at most 200/);
  });

  it('asks for between 1 and 30 blocks, each filled in', () => {
    expect(validateCampaignForm(values({ blocks: [] })).blocks).toBe('Add at least one block.');
    const many = Array.from({ length: 31 }, () => block({ html: '<p>x</p>' }));
    expect(validateCampaignForm(values({ blocks: many })).blocks).toBe('Use at most 30 blocks.');
    const errors = validateCampaignForm(
      values({
        blocks: [
          block({ html: '<p></p>' }),
          block({ kind: 'event', itemId: null }),
          block({ kind: 'club', itemId: 4 }),
        ],
      }),
    );
    expect(errors).toEqual({
      'blocks.0': 'Write some text, or remove this block.',
      'blocks.1': 'Choose an event, or remove this block.',
    });
  });

  it('puts the server’s messages on the form’s fields, and finds the first in form order', () => {
    const refusal = refusalOnForm({
      message: 'Block 3 names a product that is not one of this business’s published products.',
      field: 'blocks.2',
      fields: { 'blocks.2.html': 'Too long', segmentId: 'Choose one of your segments.' },
    });
    expect(refusal.field).toBe('blocks.2');
    expect(refusal.fields).toEqual({
      'blocks.2': 'Too long',
      audience: 'Choose one of your segments.',
    });
    const form = values({ blocks: [block({}), block({}), block({})] });
    expect(firstErrorField(form, refusal.fields)).toBe('audience');
    expect(firstErrorField(form, { 'blocks.2': 'x', 'blocks.1': 'y' })).toBe('blocks.1');
    expect(firstErrorField(form, {})).toBeNull();
  });
});
