import type { CustomerNote } from '@meridian/contract/customers-staff';
import { LIMITS } from '@meridian/contract/limits';
import { Button, Empty, Flex, Form, Input, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { LoadFailed } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { addNote, customerKey, useCustomerNotes } from './customers-api';

/** The staff's notes on a customer, read when the tab is first opened (each read is audited). */
export function NotesTab({ id, enabled, mayAdd }: { id: number; enabled: boolean; mayAdd: boolean }) {
  const { t } = useTranslation();
  const notes = useCustomerNotes(id, enabled);
  const [form] = Form.useForm<{ body: string }>();
  const add = useAction(addNote, {
    refresh: [[...customerKey(id), 'notes']],
    successKey: 'customers.noteAdded',
    onDone: () => form.resetFields(),
  });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      {mayAdd && (
        <Form form={form} layout="vertical" className="customer-note-form">
          <Form.Item
            name="body"
            label={t('customers.newNote')}
            extra={t('customers.noteHint')}
            rules={[{ required: true, whitespace: true, message: t('customers.noteRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={LIMITS.customerNoteLengthMax}
              showCount
              className="customer-note-body"
            />
          </Form.Item>
          <Button
            type="primary"
            className="customer-note-add"
            loading={add.isPending}
            onClick={() =>
              form
                .validateFields()
                .then(({ body }) => add.mutate({ id, body: body.trim() }))
                .catch(() => undefined)
            }
          >
            {t('customers.addNote')}
          </Button>
        </Form>
      )}
      {notes.isError && <LoadFailed query={notes} />}
      <List<CustomerNote>
        style={notes.isError ? { display: 'none' } : undefined}
        className="customer-notes"
        loading={notes.isLoading}
        dataSource={notes.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('customers.noNotes')} /> }}
        renderItem={(note) => (
          <List.Item>
            <List.Item.Meta
              title={`${note.staff.name} · ${formatDateTime(note.created_at)}`}
              description={
                <span style={{ whiteSpace: 'pre-wrap', color: 'rgba(0, 0, 0, 0.88)' }}>{note.body}</span>
              }
            />
          </List.Item>
        )}
      />
    </Flex>
  );
}
