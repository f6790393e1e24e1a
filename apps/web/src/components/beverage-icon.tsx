import type { BeverageType } from '@bevy/core';
import {
  IconApple,
  IconBeer,
  IconBottle,
  IconBubbleTea,
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
  // A cup with a straw and bubbles: a fizzy drink (IconBubble is a speech bubble).
  'Hard Seltzer': IconBubbleTea,
};

export function BeverageIcon({ type, size = 20 }: { type: BeverageType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden stroke={1.6} />;
}
