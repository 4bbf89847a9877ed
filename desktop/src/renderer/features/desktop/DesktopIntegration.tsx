import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isLanguage } from '../../app/i18n';
import { rememberRoute } from '../../app/last-route';
import { useLogoutMutation } from '../auth/auth.api';

/**
 * The desktop app's requests to the page, and what the page tells it back. Mounted above every
 * route, signed in or not, so a deep link opened on the sign-in page is not lost. In a browser
 * there is no bridge and it only renders its routes.
 */
export function DesktopIntegration() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { i18n } = useTranslation();
  const [logout] = useLogoutMutation();
  const bridge = window.desktop;
  const language = i18n.resolvedLanguage;

  // Notification clicks and deep links arrive as routes to open.
  useEffect(() => bridge?.onNavigate((route) => void navigate(route)), [bridge, navigate]);
  // The tray's "Sign out" goes through the same sign-out as the user menu's.
  useEffect(() => bridge?.onSignOutRequest(() => void logout()), [bridge, logout]);
  // The tray menu and the taskbar badge's description speak the page's language.
  useEffect(() => {
    if (isLanguage(language)) bridge?.setLanguage(language);
  }, [bridge, language]);
  useEffect(() => rememberRoute(`${pathname}${search}`), [pathname, search]);

  return <Outlet />;
}
