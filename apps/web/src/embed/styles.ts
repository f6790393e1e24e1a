/**
 * The widget's own styles, inside its shadow root: nothing of the host page's CSS reaches in but
 * what the host element inherits, and `:host` resets that (important, because the host page's
 * important rules on the element itself would otherwise win); nothing here reaches out.
 */
export const WIDGET_CSS = `
:host {
  all: initial !important;
  display: block !important;
  box-sizing: border-box !important;
  color: var(--bevy-text) !important;
  background: var(--bevy-background) !important;
  font-family: var(--bevy-font) !important;
  font-size: 16px !important;
  font-weight: 400 !important;
  font-style: normal !important;
  line-height: 1.45 !important;
  letter-spacing: normal !important;
  text-align: left !important;
  text-transform: none !important;
  visibility: visible !important;
  opacity: 1 !important;
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: border-box; }
.shop { padding: 16px; container-type: inline-size; }
h2, h3, p, ul { margin: 0; padding: 0; }
h2 { font-size: 1.35em; font-weight: 700; margin-bottom: 12px; line-height: 1.25; }
h3 { font-size: 1.05em; font-weight: 700; line-height: 1.3; }
.grid {
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 210px), 1fr));
  list-style: none;
}
.card {
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 12px;
  border: 1px solid color-mix(in srgb, var(--bevy-text) 22%, transparent);
  border-radius: 10px;
  background: var(--bevy-background);
  min-width: 0;
}
.photo {
  display: block;
  width: 100%;
  height: 180px;
  object-fit: contain;
  border-radius: 6px;
  background: color-mix(in srgb, var(--bevy-text) 5%, var(--bevy-background));
}
.meta, .note { font-size: 0.85em; opacity: 0.85; }
.note { white-space: pre-line; }
.price { font-size: 1.15em; font-weight: 700; }
.tiers { list-style: none; font-size: 0.85em; }
.grow { flex: 1 1 auto; }
a { color: var(--bevy-accent); text-underline-offset: 2px; }
a.button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 10px 16px;
  border-radius: 8px;
  background: var(--bevy-accent);
  color: var(--bevy-on-accent);
  font-weight: 700;
  text-decoration: none;
  text-align: center;
}
a.button:hover { filter: brightness(1.1); }
a:focus-visible {
  outline: 3px solid var(--bevy-accent);
  outline-offset: 3px;
  box-shadow: 0 0 0 2px var(--bevy-background);
}
.soldout { font-weight: 700; }
.footer { margin-top: 12px; font-size: 0.85em; }
.status { padding: 12px 0; }
@media (prefers-reduced-motion: no-preference) {
  a.button { transition: filter 0.15s; }
}
`;
