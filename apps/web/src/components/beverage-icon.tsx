import type { BeverageType } from '@bevy/core';
import {
  IconApple,
  IconBeer,
  IconBottle,
  IconBubble,
  IconGlassCocktail,
  IconGlassFull,
  IconLeaf,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<BeverageType, Icon> = {
  Wine: IconGlassFull,
  Cider: IconApple,
  Beer: IconBeer,
  Spirit: IconBottle,
  Cocktail: IconGlassCocktail,
  'Hard Kombucha': IconLeaf,
  'Hard Seltzer': IconBubble,
};

export function BeverageIcon({ type, size = 20 }: { type: BeverageType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden stroke={1.6} />;
}
