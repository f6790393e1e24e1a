import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when first used instead of when the server starts. For large packages
 * that only some requests or some configurations need (image processing, S3, Stripe, the ZIP code
 * table): each costs the start tens to hundreds of milliseconds to load.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
