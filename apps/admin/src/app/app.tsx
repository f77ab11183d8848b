import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhTW from 'antd/locale/zh_TW';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'hk' ? zhTW : enUS}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
