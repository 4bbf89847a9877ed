import { Avatar, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { PersonEditRegular, SignOutRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/store';
import { useLogoutMutation } from '../../auth/auth.api';
import { selectSessionUser } from '../../auth/auth.slice';
import { UserModal } from '../../users/components/UserModal';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAppSelector(selectSessionUser);
  const [logout] = useLogoutMutation();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" aria-label={t('shell.userMenu')} icon={<Avatar name={user.name} size={28} />} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonEditRegular />} onClick={() => setProfileOpen(true)}>
              {t('shell.profile')}
            </MenuItem>
            <MenuItem icon={<SignOutRegular />} onClick={() => void logout()}>
              {t('shell.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {profileOpen && <UserModal user={user} onClose={() => setProfileOpen(false)} />}
    </>
  );
}
