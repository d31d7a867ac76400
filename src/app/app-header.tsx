import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, NavLink, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { canManageUsers, CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';
import { useReturnFocus } from '../ui';
import { useProfile } from '../features/auth/api/profile';
import { SyncBadge } from '../features/sync/components/sync-badge';

/** Below this width (the theme's `sm`, 670 px: a phone) the navigation and the account menu fold into the menu drawer. */
const FOLD_BELOW = 'sm' as const;

/**
 * The signed-in header: the product name and the main navigation, the sync badge, and the account
 * menu. The menu holds actions only (role=menu allows menu items and nothing else): the version is
 * in the footer. On a phone the navigation and the account's actions fold into a drawer opened by
 * a named menu button; the product name and the sync badge stay in the header.
 */
export function AppHeader() {
  const profile = useProfile();
  const navigate = useNavigate();
  const [menuOpened, setMenuOpened] = useState(false);
  const account = profile.data?.email ?? t('layout.account');
  const usersLink = profile.data !== undefined && canManageUsers(profile.data);
  return (
    <Container size={CONTENT_WIDTH} px={0} h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        {/* the product name and the navigation keep their width; the badge and the account give way */}
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Burger
            hiddenFrom={FOLD_BELOW}
            opened={menuOpened}
            onClick={() => setMenuOpened((opened) => !opened)}
            color="white"
            size="sm"
            aria-label={t('layout.menu')}
            aria-expanded={menuOpened}
            aria-haspopup="dialog"
          />
          <nav aria-label={t('layout.mainNavigation')}>
            <Group gap="md" wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to="/organizations" c="white" fw={700} fz="xl" underline="never">
                {t('app.name')}
              </Anchor>
              <Anchor component={Link} to="/organizations" c="white" underline="hover" visibleFrom={FOLD_BELOW}>
                {t('organizations.title')}
              </Anchor>
              {usersLink && (
                <Anchor component={Link} to="/user-management" c="white" underline="hover" visibleFrom={FOLD_BELOW}>
                  {t('users.nav')}
                </Anchor>
              )}
            </Group>
          </nav>
        </Group>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <SyncBadge />
          <Box visibleFrom={FOLD_BELOW} miw={0}>
            <Menu position="bottom-end" shadow="md" width={260} trapFocus loop withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <Button variant="subtle" color="gray.0" maw="min(260px, 100%)" aria-label={t('layout.accountMenu', { account })}>
                  {/* a long address ends in an ellipsis rather than push the header past the window */}
                  <Box component="span" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {account}
                  </Box>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => navigate('/profile')}>{t('profile.menu')}</Menu.Item>
                <Menu.Item onClick={() => navigate('/logout')}>{t('layout.logout')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Box>
        </Group>
      </Group>
      <MenuDrawer opened={menuOpened} onClose={() => setMenuOpened(false)} account={account} usersLink={usersLink} />
    </Container>
  );
}

interface MenuDrawerProps {
  opened: boolean;
  onClose: () => void;
  account: string;
  usersLink: boolean;
}

/**
 * The phone's menu: the main navigation, then the account and its actions. Closed with its named
 * close button, Escape or a tap outside, it gives focus back to the menu button; a link followed
 * leaves focus to the new screen's heading (RouteFocus). It closes when the window grows past the fold.
 */
function MenuDrawer({ opened, onClose, account, usersLink }: MenuDrawerProps) {
  const navigate = useNavigate();
  const following = useRef(false);
  useReturnFocus(opened, (opener) => {
    const followed = following.current;
    following.current = false;
    return followed ? null : opener;
  });
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints[FOLD_BELOW]})`);
  useEffect(() => {
    if (wide && opened) onClose();
  }, [wide, opened, onClose]);

  /** a link followed: the new screen's heading takes focus (RouteFocus), not the closing drawer nor the menu button */
  const leave = () => {
    following.current = true;
    (document.activeElement as HTMLElement | null)?.blur();
    onClose();
  };
  return (
    <Drawer opened={opened} onClose={onClose} title={t('layout.menu')} size="xs" returnFocus={false} closeButtonProps={{ 'aria-label': t('modal.close') }} hiddenFrom={FOLD_BELOW}>
      <Stack gap="md">
        <nav aria-label={t('layout.mainNavigation')}>
          <NavLink component={Link} to="/organizations" label={t('organizations.title')} onClick={leave} />
          {usersLink && <NavLink component={Link} to="/user-management" label={t('users.nav')} onClick={leave} />}
        </nav>
        <Divider />
        <Box>
          <Text size="sm" fw={600} px="sm" pb={4} style={{ overflowWrap: 'anywhere' }}>
            {account}
          </Text>
          <NavLink component={Link} to="/profile" label={t('profile.menu')} onClick={leave} />
          <NavLink
            component="button"
            label={t('layout.logout')}
            onClick={() => {
              leave();
              void navigate('/logout');
            }}
          />
        </Box>
      </Stack>
    </Drawer>
  );
}
