import { can, QUEUE_COLOR_PALETTE, type Tag, tagSchema } from '@atendo/shared';
import { Field, Input, Switch } from '@fluentui/react-components';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { ColorField } from '../../../components/ColorField';
import { FormDialog } from '../../../components/FormDialog';
import { fieldError, inputProps, useFormSave } from '../../../components/form';
import { selectSessionUser } from '../../auth/auth.slice';
import { useCreateTagMutation, useUpdateTagMutation } from '../tags.api';

interface TagModalProps {
  /** The tag to edit, or null to create one. */
  tag: Tag | null;
  onClose: () => void;
}

export function TagModal({ tag, onClose }: TagModalProps) {
  const { t, i18n } = useTranslation();
  // Spec 2 §6: the kanban switch is for admins and supervisors.
  const mayToggleKanban = can(useAppSelector(selectSessionUser), 'tags:kanbanToggle');
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const save = useFormSave(t('tags.saved'), onClose);
  const formik = useFormik({
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? QUEUE_COLOR_PALETTE[0], kanban: tag?.kanban ?? 0 },
    validationSchema: tagSchema,
    onSubmit: async (values, helpers) => {
      const input = tagSchema.cast(values);
      await save(helpers, async () => {
        if (tag) await updateTag({ id: tag.id, changes: input }).unwrap();
        else await createTag(input).unwrap();
      });
    },
  });

  return (
    <FormDialog title={tag ? t('tags.modal.editTitle') : t('tags.modal.addTitle')} form={formik} onClose={onClose}>
      <Field label={t('tags.fields.name')} required {...fieldError(formik, 'name', i18n)}>
        <Input {...inputProps(formik, 'name')} />
      </Field>
      <ColorField
        label={t('tags.fields.color')}
        value={formik.values.color}
        onChange={(color) => void formik.setFieldValue('color', color)}
        error={fieldError(formik, 'color', i18n).validationMessage}
      />
      {mayToggleKanban && (
        <Field hint={t('tags.fields.kanbanHint')} {...fieldError(formik, 'kanban', i18n)}>
          <Switch
            label={t('tags.fields.kanban')}
            checked={formik.values.kanban === 1}
            onChange={(_event, data) => void formik.setFieldValue('kanban', data.checked ? 1 : 0)}
          />
        </Field>
      )}
    </FormDialog>
  );
}
