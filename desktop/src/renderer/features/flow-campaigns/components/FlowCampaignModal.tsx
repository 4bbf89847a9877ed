import { type FlowCampaign, flowCampaignSchema } from '@atendo/shared';
import { Field, Input, makeStyles, Select, Switch, Textarea, tokens } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { useListConnectionsQuery } from '../../connections/connections.api';
import { usePageFlowsInfiniteQuery } from '../../flows/flows.api';
import { flowCampaignInput, type FlowCampaignForm, formOf } from '../flow-campaign-form';
import { useCreateFlowCampaignMutation, useUpdateFlowCampaignMutation } from '../flow-campaigns.api';
import { FlowPicker } from '../../flows/components/FlowPicker';

// Side by side where they fit; `start` keeps the inputs level when one hint wraps and another does not.
const useStyles = makeStyles({
  surface: { maxWidth: '640px', width: '100%' },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
});

interface FlowCampaignModalProps {
  /** The campaign to edit, or null to create one. */
  campaign: FlowCampaign | null;
  onClose: () => void;
}

/**
 * Creates or edits a phrase campaign (spec 2, /phrase-lists): when a customer writes the phrase on
 * the connection, the flow starts. The shared schema is the server's: name, flow, connection and
 * phrase required; a new one starts active.
 */
export function FlowCampaignModal({ campaign, onClose }: FlowCampaignModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const connections = useListConnectionsQuery();
  // The same first page the flows page shows: tells whether the company has any flow yet.
  const flows = usePageFlowsInfiniteQuery('');
  const [createCampaign] = useCreateFlowCampaignMutation();
  const [updateCampaign] = useUpdateFlowCampaignMutation();

  const save = useFormSave(t('flowCampaigns.saved'), onClose);
  const formik = useFormik<FlowCampaignForm>({
    initialValues: formOf(campaign),
    validationSchema: flowCampaignSchema,
    onSubmit: async (values, helpers) => {
      await save(helpers, async () => {
        if (campaign) await updateCampaign(flowCampaignInput(values, campaign.id)).unwrap();
        else await createCampaign(flowCampaignInput(values)).unwrap();
      });
    },
  });

  const noFlows = flows.data?.pages[0]?.flows.length === 0;
  const noConnections = !connections.isLoading && !connections.error && connections.data?.length === 0;

  return (
    <FormDialog
      title={campaign ? t('flowCampaigns.modal.editTitle') : t('flowCampaigns.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('flowCampaigns.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <div className={styles.pair}>
        <Field
          label={t('flowCampaigns.fields.flow')}
          hint={noFlows ? t('flowCampaigns.hints.noFlows') : undefined}
          required
          {...fieldError(formik, 'flowId', i18n)}
        >
          <FlowPicker
            initialName={campaign?.flow?.name ?? ''}
            onSelect={(id) => {
              void formik.setFieldValue('flowId', id === null ? '' : String(id));
              void formik.setFieldTouched('flowId', true, false);
            }}
          />
        </Field>
        <Field
          label={t('flowCampaigns.fields.connection')}
          hint={noConnections ? t('flowCampaigns.hints.noConnections') : undefined}
          required
          {...fieldError(formik, 'whatsappId', i18n)}
        >
          <Select {...inputProps(formik, 'whatsappId')}>
            <option value="">{t('flowCampaigns.form.chooseConnection')}</option>
            {connections.data?.map((connection) => (
              <option key={connection.id} value={String(connection.id)}>
                {connection.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field
        label={t('flowCampaigns.fields.phrase')}
        hint={t('flowCampaigns.hints.phrase')}
        required
        {...fieldError(formik, 'phrase', i18n)}
      >
        <Textarea {...inputProps(formik, 'phrase')} rows={3} resize="vertical" />
      </Field>
      <Switch
        name="status"
        label={t('flowCampaigns.fields.status')}
        checked={formik.values.status}
        onChange={(_event, data) => void formik.setFieldValue('status', data.checked)}
      />
    </FormDialog>
  );
}
