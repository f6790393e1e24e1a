/**
 * Mantine's autosizing Textarea listens for web fonts loading, which jsdom does not have: a stand-in
 * for tests that render one.
 */
export function stubDocumentFonts(): void {
  if ('fonts' in document) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
