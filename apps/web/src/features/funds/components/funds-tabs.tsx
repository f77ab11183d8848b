import { Tabs } from 'antd-mobile';

type FundsTab<Key extends string> = { key: Key; title: string };

type FundsTabsProps<Key extends string> = {
  value: Key;
  /** The tabs in order; a key antd reports that is not listed falls back to the first. */
  tabs: readonly [FundsTab<NoInfer<Key>>, ...FundsTab<NoInfer<Key>>[]];
  onChange(key: NoInfer<Key>): void;
};

/** The funds pages' tabs (coin or bank, deposits or withdrawals), full width under the title bar. */
export function FundsTabs<Key extends string>({ value, tabs, onChange }: FundsTabsProps<Key>) {
  return (
    <Tabs
      className="funds-tabs"
      activeKey={value}
      onChange={(key) => onChange(tabs.find((tab) => tab.key === key)?.key ?? tabs[0].key)}
    >
      {tabs.map((tab) => (
        <Tabs.Tab title={tab.title} key={tab.key} />
      ))}
    </Tabs>
  );
}
