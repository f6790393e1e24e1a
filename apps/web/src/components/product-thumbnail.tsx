import { Center } from '@mantine/core';
import { IconBottle } from '@tabler/icons-react';
import { useState } from 'react';

/** Spec section 9's image placeholder color, as on the product tiles. */
const PLACEHOLDER = '#eee';

/**
 * A product's small picture beside its name in the cart, checkout and orders. Decorative (the
 * name is beside it), so its alt is empty; its box has a fixed size so nothing moves as it loads,
 * and a neutral bottle stands in when there is no image or it cannot be loaded.
 */
export function ProductThumbnail({ src, size = 48 }: { src: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src !== null && src !== '' && failed !== src;
  return (
    <Center
      w={size}
      h={size}
      miw={size}
      bg={PLACEHOLDER}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flexShrink: 0 }}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          width={size}
          height={size}
          onError={() => setFailed(src)}
          style={{ width: size, height: size, objectFit: 'contain' }}
        />
      ) : (
        <IconBottle size={Math.round(size * 0.5)} color="var(--mantine-color-gray-6)" aria-hidden />
      )}
    </Center>
  );
}
