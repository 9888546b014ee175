import '../styles/theme.css';
import '../styles/app.css';
import '../styles/forms.css';
import '../styles/settings.css';
import { HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { getDehydratedState } from '../api/dehydrated';
import { makeQueryClient } from '../api/queryClient';
import { ToastProvider } from '../components/toast/ToastProvider';
import { getI18n } from '../i18n';
import { ThemeProvider } from '../theme/ThemeProvider';

export default function Wrapper({ children }: { children: ReactNode }) {
  const pageContext = usePageContext();
  // Created once per server render and once per browser session (this component stays mounted across navigations).
  const [queryClient] = useState(makeQueryClient);
  const [i18n] = useState(() => getI18n(pageContext.locale, pageContext.messages));

  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={getDehydratedState(pageContext.data)}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider initialTheme={pageContext.theme}>
            <ToastProvider>{children}</ToastProvider>
          </ThemeProvider>
        </I18nextProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
