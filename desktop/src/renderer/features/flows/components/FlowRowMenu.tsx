import type { Flow } from '@atendo/shared';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import {
  CopyRegular,
  DeleteRegular,
  FlowchartRegular,
  MoreHorizontalRegular,
  RenameRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errors';
import { useNotify } from '../../../app/toasts';
import { useDuplicateFlowMutation } from '../flows.api';

interface FlowRowMenuProps {
  flow: Flow;
  onOpen: () => void;
  onRename: (flow: Flow) => void;
  onDelete: (flow: Flow) => void;
}

/** A flow's row menu (spec 2): Editar nome, Editar fluxo, Duplicar, Excluir. */
export function FlowRowMenu({ flow, onOpen, onRename, onDelete }: FlowRowMenuProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [duplicateFlow, duplicating] = useDuplicateFlowMutation();

  const duplicate = async () => {
    try {
      const copy = await duplicateFlow(flow.id).unwrap();
      notify.success(t('flows.duplicated', { name: copy.name }));
    } catch (failure) {
      notify.error(errorText(i18n, failure));
    }
  };

  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={t('flows.menuNamed', { name: flow.name })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<RenameRegular />} onClick={() => onRename(flow)}>
            {t('flows.actions.rename')}
          </MenuItem>
          <MenuItem icon={<FlowchartRegular />} onClick={onOpen}>
            {t('flows.actions.edit')}
          </MenuItem>
          <MenuItem icon={<CopyRegular />} disabled={duplicating.isLoading} onClick={() => void duplicate()}>
            {t('flows.actions.duplicate')}
          </MenuItem>
          <MenuItem icon={<DeleteRegular />} onClick={() => onDelete(flow)}>
            {t('flows.actions.delete')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
