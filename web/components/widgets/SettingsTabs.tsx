import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSelectedInView } from '../../lib/useSelectedInView';

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

export interface SettingsTabsProps<K extends string> {
  tabs: readonly K[];
  selected: K;
  onSelect: (tab: K) => void;
  /** Names the row of tabs for assistive technology. */
  label: string;
  tabLabel: (tab: K) => ReactNode;
  /** The selected tab's panel (the others are not rendered). */
  children: ReactNode;
}

/**
 * The widget settings' tabs (WAI-ARIA tabs pattern): one Tab stop on the selected tab, the arrow keys (wrapping),
 * Home and End select and focus another, and the panel takes the focus itself only when nothing in it can.
 */
export function SettingsTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  tabLabel,
  children,
}: SettingsTabsProps<K>) {
  const id = useId();
  const tabId = (tab: K) => `${id}-tab-${tab}`;
  const panelId = `${id}-tabpanel-${selected}`;
  // On a phone the tab row scrolls sideways: the chosen tab is brought fully into view.
  const tabList = useRef<HTMLDivElement>(null);
  useSelectedInView(tabList, selected);

  const panel = useRef<HTMLDivElement>(null);
  const [panelFocusable, setPanelFocusable] = useState(true);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const update = () => setPanelFocusable(!element.querySelector(TABBABLE));
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    return () => observer.disconnect();
  }, [selected]);

  const choose = (tab: K) => {
    onSelect(tab);
    document.getElementById(tabId(tab))?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(selected);
    const next = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className="widget-tabs" data-testid="widget-tabs">
      <div
        ref={tabList}
        className="widget-tab-list"
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <div
            key={tab}
            id={tabId(tab)}
            className="widget-tab"
            data-testid={`tab-${tab}`}
            role="tab"
            aria-selected={tab === selected}
            aria-controls={tab === selected ? panelId : undefined}
            data-selected={tab === selected || undefined}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => choose(tab)}
          >
            {tabLabel(tab)}
          </div>
        ))}
      </div>
      <div
        ref={panel}
        id={panelId}
        className="card widget-panel"
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        tabIndex={panelFocusable ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
}
