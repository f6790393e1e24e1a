import { useEffect, useState } from 'react';

/** What a producer can embed: its public products and open clubs, as the widget sees them. */
export interface EmbedChoices {
  products: { id: string; name: string }[];
  clubs: { key: string; name: string }[];
}

type ChoicesState =
  | { status: 'loading' }
  | { status: 'ready'; choices: EmbedChoices }
  | { status: 'failed'; message: string };

async function embedData<T>(slug: string, mode: string): Promise<T> {
  const response = await fetch(`/embed/v1/${encodeURIComponent(slug)}?mode=${mode}`);
  if (!response.ok) throw new Error(`The shop's data could not be loaded (${response.status}).`);
  return (await response.json()) as T;
}

/** Reads the embed endpoint itself, so the choices are exactly what the widget can show. */
export function useEmbedChoices(slug: string): ChoicesState {
  const [state, setState] = useState<ChoicesState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    Promise.all([
      embedData<Pick<EmbedChoices, 'products'>>(slug, 'products'),
      embedData<Pick<EmbedChoices, 'clubs'>>(slug, 'club'),
    ])
      .then(([{ products }, { clubs }]) => {
        if (current) setState({ status: 'ready', choices: { products, clubs } });
      })
      .catch((error: unknown) => {
        if (current) {
          setState({
            status: 'failed',
            message: error instanceof Error ? error.message : 'Something went wrong.',
          });
        }
      });
    return () => {
      current = false;
    };
  }, [slug]);
  return state;
}
