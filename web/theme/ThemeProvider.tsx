import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { COOKIES, type TTheme } from '../../shared/constants.js';
import { setPreferenceCookie } from '../lib/cookies';

interface ThemeContextValue {
  theme: TTheme;
  setTheme: (theme: TTheme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ initialTheme, children }: { initialTheme: TTheme; children: ReactNode }) {
  const [theme, setThemeState] = useState(initialTheme);

  const setTheme = useCallback((next: TTheme) => {
    setThemeState(next);
    setPreferenceCookie(COOKIES.theme, next);
    // <html data-theme> is rendered by the server; client navigation never re-renders <html>, so update it here.
    document.documentElement.dataset.theme = next;
  }, []);

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = use(ThemeContext);
  if (!value) throw new Error('useTheme() must be used inside <ThemeProvider>');
  return value;
}
