import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Button, Container, Group, Menu } from '@mantine/core';
import { CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';
import { useProfile } from '../features/auth/api/profile';

/** The signed-in header: product name to /organizations, and the user menu with Logout. */
export function AppHeader() {
  const profile = useProfile();
  const navigate = useNavigate();
  return (
    <Container size={CONTENT_WIDTH} px={0} h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/organizations" c="white" fw={700} fz="xl" underline="never">
          {t('app.name')}
        </Anchor>
        <Menu position="bottom-end" shadow="md" width={220}>
          <Menu.Target>
            <Button variant="subtle" color="gray.0">
              {profile.data?.email ?? t('layout.account')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate('/logout')}>{t('layout.logout')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Container>
  );
}
