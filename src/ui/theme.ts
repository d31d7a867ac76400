import { createTheme, PasswordInput, type MantineColorsTuple } from '@mantine/core';
import { CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';

/** Brand purple, the primary color (spec section 9). Shade 6 is the one buttons use. */
const lobbyPurple: MantineColorsTuple = ['#f4effc', '#e4dcf3', '#c7b5e6', '#a98bd9', '#8f68ce', '#7f52c8', '#7746c6', '#6538af', '#59309d', '#4c288b'];

/** Brand dark, the secondary color: the header and other chrome. */
const lobbyDark: MantineColorsTuple = ['#eef0f6', '#d9dce6', '#b3b8c9', '#8b92ab', '#6a7293', '#555e84', '#4a537d', '#3b436a', '#2f3656', '#1f2438'];

/** The app's Mantine theme: purple primary, dark secondary, the spec's breakpoints (420, 670, 1024, 1600 px). */
export const theme = createTheme({
  primaryColor: 'lobbyPurple',
  primaryShade: 6,
  colors: { lobbyPurple, lobbyDark },
  breakpoints: { xs: '26.25em', sm: '41.875em', md: '64em', lg: '100em', xl: '120em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  other: { contentWidth: CONTENT_WIDTH },
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('password.toggleVisibility') } },
    }),
  },
});

/** Name of the secondary (dark) color in the theme. */
export const SECONDARY_COLOR = 'lobbyDark';
