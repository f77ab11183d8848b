import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useLanguageStore } from '../features/language/stores/language-store';
import { ANTD_LOCALES } from '../lib/antd-locale';

type ProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: ProvidersProps) {
  const language = useLanguageStore((state) => state.language);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
