import type { StaffInstrument } from '@meridian/contract/instruments-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { Alert, Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useStaff } from '../../hooks/use-staff';
import { ListTable, QueryState } from '../../lib/list-table';
import { instrumentColumns } from './instrument-columns';
import { InstrumentDrawer } from './instrument-drawer';
import { useInstruments } from './instruments-api';

/**
 * The instruments' terms (permission instruments.edit): every instrument by category, enabled or
 * not, with its live quote; an edit applies to the live market, trading and charts at once. No
 * field sets a price: the market's prices come from its feed only.
 */
export function InstrumentsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const instruments = useInstruments();
  const [editing, setEditing] = useState<StaffInstrument>();
  const mayEdit = staffMay(staff.role, 'instruments.edit');
  const categories = instruments.data?.categories ?? [];
  const list = instruments.data?.list ?? [];
  const columns = instrumentColumns(t, mayEdit, setEditing);
  return (
    <Page
      title={t('nav.instruments')}
      extra={
        <Button onClick={() => instruments.refetch()} loading={instruments.isFetching}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('instruments.honest')} />
      <QueryState query={instruments}>
        {() => (
          <Tabs
            items={categories.map((category) => {
              const rows = list.filter((row) => row.category_id === category.id);
              return {
                key: String(category.id),
                label: `${t(`instruments.categories.${category.id}`, { defaultValue: category.name })} (${rows.length})`,
                children: (
                  <ListTable<StaffInstrument>
                    className="instruments-table"
                    size="middle"
                    query={instruments}
                    rows={rows}
                    csvName={`instruments-${category.name}`}
                    pagination={false}
                    columns={columns}
                  />
                ),
              };
            })}
          />
        )}
      </QueryState>
      {editing && (
        <InstrumentDrawer
          // The latest row: a refresh after saving shows what the server stored.
          instrument={list.find((row) => row.id === editing.id) ?? editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}
