import type { Flow } from '@atendo/shared';
import { Field, Input, makeStyles } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { flowNameInput, type FlowNameForm, validateFlowName } from '../flow-name';
import { useCreateFlowMutation, useRenameFlowMutation } from '../flows.api';

const useStyles = makeStyles({
  surface: { maxWidth: '480px', width: '100%' },
});

interface FlowNameModalProps {
  /** The flow to rename, or null to add one. */
  flow: Flow | null;
  onClose: () => void;
}

/** Adds a flow, which is only its name until it is drawn, or renames one (spec 2, Flows page). */
export function FlowNameModal({ flow, onClose }: FlowNameModalProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [createFlow] = useCreateFlowMutation();
  const [renameFlow] = useRenameFlowMutation();
  const save = useFormSave(flow ? t('flows.renamed') : t('flows.created'), onClose);
  const formik = useFormik<FlowNameForm>({
    initialValues: { name: flow?.name ?? '' },
    validate: validateFlowName,
    onSubmit: async (values, helpers) => {
      const { name } = flowNameInput(values);
      await save(helpers, async () => {
        if (flow) await renameFlow({ flowId: flow.id, name }).unwrap();
        else await createFlow({ name }).unwrap();
      });
    },
  });

  return (
    <FormDialog
      title={flow ? t('flows.modal.renameTitle') : t('flows.modal.addTitle')}
      form={formik}
      onClose={onClose}
      surfaceClassName={styles.surface}
    >
      <Field label={t('flows.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
    </FormDialog>
  );
}
