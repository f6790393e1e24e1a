import { Alert, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

const SCRIPT_ID = 'bevy-embed-script';

type ScriptState = 'loading' | 'ready' | 'failed';

/** Loads /embed.js into this page once, as a producer's site would. */
function useEmbedScript(): ScriptState {
  const [state, setState] = useState<ScriptState>(() =>
    customElements.get('bevy-shop') ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (state !== 'loading') return;
    let script = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.src = '/embed.js';
      script.async = true;
      document.head.append(script);
    }
    const failed = () => setState('failed');
    script.addEventListener('error', failed);
    void customElements.whenDefined('bevy-shop').then(() => setState('ready'));
    return () => script.removeEventListener('error', failed);
  }, [state]);
  return state;
}

/** The real web component with these attributes, re-rendered by it as they change. */
export function EmbedPreview({ attributes }: { attributes: [string, string][] }) {
  const state = useEmbedScript();
  const host = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(attributes);

  useEffect(() => {
    const container = host.current;
    if (state !== 'ready' || !container) return;
    let element = container.querySelector('bevy-shop');
    if (!element) {
      element = document.createElement('bevy-shop');
      container.append(element);
    }
    const wanted = new Map(JSON.parse(key) as [string, string][]);
    for (const name of element.getAttributeNames()) {
      if (!wanted.has(name)) element.removeAttribute(name);
    }
    for (const [name, value] of wanted) {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    }
  }, [state, key]);

  if (state === 'failed') {
    return (
      <Alert color="yellow" c="dark.8" title="The preview could not load" role="alert">
        The embed script (/embed.js) did not load. The snippet still works once the site is built
        and running.
      </Alert>
    );
  }
  return (
    <>
      {state === 'loading' ? <Text role="status">Loading the preview…</Text> : null}
      {/* React leaves this box's content to the web component. */}
      <div ref={host} data-testid="embed-preview" />
    </>
  );
}
