import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NAV_TABS as TABS } from './nav-tabs';

/** The bottom tab bar: quotes, trade, orders, copy trading, ranking (ARCHITECTURE, "Front end"). */
export function AppTabBar({ activePath }: { activePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activeKey = TABS.some((tab) => tab.path === activePath) ? activePath : null;
  return (
    <nav className="app-tab-bar" aria-label={t('tabs.label')}>
      <TabBar activeKey={activeKey} onChange={(path) => navigate(path)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.path} icon={tab.icon} title={t(tab.labelKey)} />
        ))}
      </TabBar>
    </nav>
  );
}
