import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Button, Container, Group, Menu } from '@mantine/core';
import { CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';
import { useProfile } from '../features/auth/api/profile';
import { SyncBadge } from '../features/sync/components/sync-badge';
import { APP_VERSION } from './version';

/** The signed-in header: product name to /organizations, the sync badge, and the user menu with Logout and the version. */
export function AppHeader() {
  const profile = useProfile();
  const navigate = useNavigate();
  return (
    <Container size={CONTENT_WIDTH} px={0} h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/organizations" c="white" fw={700} fz="xl" underline="never">
          {t('app.name')}
        </Anchor>
        <Group gap="md" wrap="nowrap">
        <SyncBadge />
        <Menu position="bottom-end" shadow="md" width={260}>
          <Menu.Target>
            <Button variant="subtle" color="gray.0">
              {profile.data?.email ?? t('layout.account')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate('/logout')}>{t('layout.logout')}</Menu.Item>
            <Menu.Divider />
            <Menu.Label>{t('layout.version', { version: APP_VERSION })}</Menu.Label>
          </Menu.Dropdown>
        </Menu>
        </Group>
      </Group>
    </Container>
  );
}
