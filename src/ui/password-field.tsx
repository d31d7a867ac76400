import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { t } from '../i18n';

/**
 * A password input whose show/hide toggle is reached with Tab (Mantine leaves it out of the tab
 * order by default) and named from the catalogue; it says whether the password shows
 * (aria-pressed). With an error the field is marked invalid (Mantine's PasswordInput leaves
 * aria-invalid off its input), so assistive technology and useInvalidFocus find it. Every password
 * field of the app is one of these.
 */
export function PasswordField({ visibilityToggleButtonProps, ...props }: PasswordInputProps) {
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility'), ...visibilityToggleButtonProps }}
      {...props}
    />
  );
}
