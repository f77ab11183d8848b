import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useLanguageStore } from '../features/language/stores/language-store';
import { loadAntdLocale, loadedAntdLocale } from '../lib/antd-locale';

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: ProvidersProps) {
  const language = useLanguageStore((state) => state.language);
  const [locale, setLocale] = useState(() => loadedAntdLocale(language));
  useEffect(() => {
    let current = true;
    void loadAntdLocale(language).then((loaded) => {
      if (current) setLocale(loaded);
    });
    return () => {
      current = false;
    };
  }, [language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider {...(locale ? { locale } : {})}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
