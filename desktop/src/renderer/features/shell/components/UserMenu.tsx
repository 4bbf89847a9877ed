import { Avatar, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { PersonEditRegular, ServerRegular, SignOutRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLogoutMutation } from '../../auth/auth.api';
import { sessionCleared, selectSessionUser } from '../../auth/auth.slice';
import { CHANGE_SERVER_PATH } from '../../auth/components/ServerAddress';

// The profile dialog is fetched when first opened, not with every signed-in screen.
const UserModal = lazy(async () => ({ default: (await import('../../users/components/UserModal')).UserModal }));

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAppSelector(selectSessionUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  const [profileOpen, setProfileOpen] = useState(false);
  const [changingServer, setChangingServer] = useState(false);
  if (!user) return null;

  /**
   * A session belongs to its server, so changing server signs out first (ending the session on
   * the old server too), then opens the server form of the sign-in page.
   */
  async function changeServer() {
    await logout();
    // Cleared here as well, so the sign-in page is reached signed out whichever of the logout's
    // own effects runs first.
    dispatch(sessionCleared());
    void navigate(CHANGE_SERVER_PATH, { replace: true });
  }

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
            {window.desktop && (
              <MenuItem icon={<ServerRegular />} onClick={() => setChangingServer(true)}>
                {t('shell.changeServer.menu')}
              </MenuItem>
            )}
            <MenuItem icon={<SignOutRegular />} onClick={() => void logout()}>
              {t('shell.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {profileOpen && (
        <Suspense fallback={null}>
          <UserModal user={user} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={changingServer}
        title={t('shell.changeServer.title')}
        message={t('shell.changeServer.message')}
        confirmLabel={t('shell.changeServer.confirm')}
        busy={signingOut}
        onConfirm={() => void changeServer()}
        onCancel={() => setChangingServer(false)}
      />
    </>
  );
}
