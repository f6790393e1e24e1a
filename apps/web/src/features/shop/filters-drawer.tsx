import { Badge, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useCurrentRefinements } from 'react-instantsearch';

// The drawer's overlay code loads at the first opening, not with every phone's first page.
const FiltersDrawerPanel = lazy(() =>
  import('./filters-drawer-panel').then((module) => ({ default: module.FiltersDrawerPanel })),
);

/**
 * Phones: the fulfillment choice, refiners and producer search behind a "Filters" button, so the
 * products come first on screen. Kept mounted once opened (see VirtualShopRefiners).
 */
export function FiltersDrawer({
  children,
  onPress,
}: {
  children: ReactNode;
  /** Called at each press, before the drawer opens (to fetch what it shows). */
  onPress?: () => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  // Loaded at the first press, mounted closed and only then opened, so that the drawer sees the
  // button it was opened from and gives focus back to it; kept, with its refiners, after closing.
  const [loaded, setLoaded] = useState(false);
  const openWhenReady = useRef(false);
  const press = () => {
    onPress?.();
    if (loaded) open();
    else {
      openWhenReady.current = true;
      setLoaded(true);
    }
  };
  const ready = useCallback(() => {
    if (!openWhenReady.current) return;
    openWhenReady.current = false;
    open();
  }, [open]);
  const { items } = useCurrentRefinements();
  const active = items.reduce((sum, item) => sum + item.refinements.length, 0);
  return (
    <>
      <Button
        variant="default"
        style={{ flexShrink: 0 }}
        onClick={press}
        // The visible words, then how many refinements are in force.
        aria-label={active > 0 ? `Filters, ${active} active` : 'Filters'}
        aria-haspopup="dialog"
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle aria-hidden>
              {active}
            </Badge>
          ) : null
        }
      >
        Filters
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <FiltersDrawerPanel opened={opened} onClose={close} onReady={ready}>
            {children}
          </FiltersDrawerPanel>
        </Suspense>
      ) : null}
    </>
  );
}
