import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Button, Container, Group, Menu } from '@mantine/core';
import { canManageUsers, CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';
import { useProfile } from '../features/auth/api/profile';
import { SyncBadge } from '../features/sync/components/sync-badge';

/**
 * The signed-in header: the product name and the main navigation, the sync badge, and the account
 * menu. The menu holds actions only (role=menu allows menu items and nothing else): the version is
 * in the footer.
 */
export function AppHeader() {
  const profile = useProfile();
  const navigate = useNavigate();
  return (
    <Container size={CONTENT_WIDTH} px={0} h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <nav aria-label={t('layout.mainNavigation')}>
          <Group gap="xl" wrap="nowrap">
            <Anchor component={Link} to="/organizations" c="white" fw={700} fz="xl" underline="never">
              {t('app.name')}
            </Anchor>
            <Anchor component={Link} to="/organizations" c="white" underline="hover">
              {t('organizations.title')}
            </Anchor>
            {profile.data && canManageUsers(profile.data) && (
              <Anchor component={Link} to="/user-management" c="white" underline="hover">
                {t('users.nav')}
              </Anchor>
            )}
          </Group>
        </nav>
        <Group gap="md" wrap="nowrap">
          <SyncBadge />
          <Menu position="bottom-end" shadow="md" width={260} trapFocus loop withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <Button variant="subtle" color="gray.0" aria-label={t('layout.accountMenu', { account: profile.data?.email ?? t('layout.account') })}>
                {profile.data?.email ?? t('layout.account')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => navigate('/profile')}>{t('profile.menu')}</Menu.Item>
              <Menu.Item onClick={() => navigate('/logout')}>{t('layout.logout')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Container>
  );
}
