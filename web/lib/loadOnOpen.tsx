import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A dialog whose code loads the first time it opens, not with the page: `isOpen` reads the props that open it. Once
 * loaded it stays mounted, so it closes with its exit animation and reopens at once.
 */
export function loadOnOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LoadOnOpen(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  }
  return LoadOnOpen;
}
