import './real-name.css';
import { RealNameRequest } from '@meridian/contract/kyc';
import { LIMITS } from '@meridian/contract/limits';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { filledRule, schemaRule } from '../../../lib/form-rules';
import { useSubmitRealName } from '../api/submit-real-name';
import { IdPhotoField, type UploadedPhoto } from './id-photo-field';

type RealNameValues = {
  name?: string;
  card_id?: string;
  front?: UploadedPhoto;
  reverse?: UploadedPhoto;
};

/**
 * The real-name form of spec section 5: name and ID or passport number, each with its prompt, and
 * the front and back photos, one file each. The server's answer (review_status 1) replaces the
 * page's data, so the page turns to "under review" by itself.
 */
export function RealNameForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RealNameValues>();
  const submitRealName = useSubmitRealName();

  const submit = async (values: RealNameValues) => {
    if (!values.front || !values.reverse) return;
    try {
      await submitRealName.mutateAsync({
        name: (values.name ?? '').trim(),
        card_id: (values.card_id ?? '').trim(),
        front_pic: values.front.name,
        reverse_pic: values.reverse.name,
      });
    } catch {
      // The API client has shown the server's message; the form keeps what was entered.
    }
  };

  return (
    <Form
      form={form}
      className="auth-form real-name-form"
      layout="vertical"
      requiredMarkStyle="none"
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitRealName.isPending}>
          {t('kyc.submit')}
        </Button>
      }
    >
      <Form.Item name="name" label={t('kyc.name')} rules={[filledRule(t('kyc.nameRequired'))]}>
        <Input
          placeholder={t('kyc.namePlaceholder')}
          autoComplete="name"
          maxLength={LIMITS.realNameLengthMax}
          clearable
        />
      </Form.Item>
      <Form.Item
        name="card_id"
        label={t('kyc.cardId')}
        rules={[
          filledRule(t('kyc.cardIdRequired')),
          schemaRule(RealNameRequest.shape.card_id, t, 'validation.card_id'),
        ]}
      >
        <Input
          placeholder={t('kyc.cardIdPlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          maxLength={LIMITS.cardIdLengthMax + 8}
          clearable
        />
      </Form.Item>
      <Form.Item label={t('kyc.photos')} description={t('kyc.photosHint')} className="id-photo-item">
        <div className="id-photo-pair">
          <Form.Item name="front" noStyle rules={[{ required: true, message: t('kyc.frontRequired') }]}>
            <IdPhotoField label={t('kyc.front')} />
          </Form.Item>
          <Form.Item name="reverse" noStyle rules={[{ required: true, message: t('kyc.backRequired') }]}>
            <IdPhotoField label={t('kyc.back')} />
          </Form.Item>
        </div>
      </Form.Item>
    </Form>
  );
}
