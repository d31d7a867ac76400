import { Anchor, createTheme, defaultVariantColorsResolver, parseThemeColor, PasswordInput, type MantineColorsTuple, type VariantColorsResolver } from '@mantine/core';
import { CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';

/** Brand purple, the primary color (spec section 9). Shade 8 is the one buttons use. */
const lobbyPurple: MantineColorsTuple = ['#f4effc', '#e4dcf3', '#c7b5e6', '#a98bd9', '#8f68ce', '#7f52c8', '#7746c6', '#6538af', '#59309d', '#4c288b'];

/** Brand dark, the secondary color: the header and other chrome. */
const lobbyDark: MantineColorsTuple = ['#eef0f6', '#d9dce6', '#b3b8c9', '#8b92ab', '#6a7293', '#555e84', '#4a537d', '#3b436a', '#2f3656', '#1f2438'];

/**
 * Text on tinted ('light') backgrounds uses the color's darkest shade: Mantine's default (shade 6 on a
 * 10 % tint, e.g. the green ACTIVE badge) reads at 3.8:1, under WCAG AA's 4.5:1.
 */
const readableVariants: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  // shade 9 darkened by a third: at least 4.5:1 on the tint, also on a striped table row
  return parsed.isThemeColor ? { ...resolved, color: `color-mix(in srgb, var(--mantine-color-${parsed.color}-9) 65%, black)` } : resolved;
};

/** The app's Mantine theme: purple primary, dark secondary, the spec's breakpoints (420, 670, 1024, 1600 px). */
export const theme = createTheme({
  primaryColor: 'lobbyPurple',
  // filled buttons and badges use shade 8, and their text is black or white by the background's
  // luminance (autoContrast): white on red 6 or orange 6, or on any yellow, fails WCAG AA
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: 0.2,
  variantColorResolver: readableVariants,
  colors: { lobbyPurple, lobbyDark },
  breakpoints: { xs: '26.25em', sm: '41.875em', md: '64em', lg: '100em', xl: '120em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // an operator who asked the system for less motion gets modals, menus and lists without their
  // fades and slides (prefers-reduced-motion: reduce, WCAG 2.3.3)
  respectReducedMotion: true,
  other: { contentWidth: CONTENT_WIDTH },
  components: {
    // a link in running text must not rely on color alone (WCAG 1.4.1): underlined unless a screen says otherwise
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    PasswordInput: PasswordInput.extend({
      // the show/hide toggle is reachable with Tab and named (Mantine leaves it out of the tab order)
      defaultProps: { visibilityToggleFocusable: true, visibilityToggleButtonProps: { 'aria-label': t('password.toggleVisibility') } },
    }),
  },
});

/** Name of the secondary (dark) color in the theme. */
export const SECONDARY_COLOR = 'lobbyDark';
