import { useEffect, useState } from 'react';

/**
 * False while a component first renders, true once that render is on screen. A part the first
 * screen does not need (a menu's code, a section far down) renders, and so downloads, only then:
 * on a slow phone, the page's first screen does not share the network with it.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  // Effects run after the browser has painted the render that scheduled them.
  useEffect(() => setPainted(true), []);
  return painted;
}
