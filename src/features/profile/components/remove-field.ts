import { describeError } from '../../../api';
import { t } from '../../../i18n';
import { notify } from '../../../ui';
import type { usePatchProfile } from '../api/own-profile';

/** Removes the own profile's image or telephone (merge-patch null), then says in a notice that it is gone, or why not. */
export function removeProfileField(patch: ReturnType<typeof usePatchProfile>, field: 'image' | 'telephone') {
  patch.mutate(
    field === 'image' ? { image: null } : { telephone: null },
    {
      onSuccess: () => notify(t(field === 'image' ? 'profile.image.removed' : 'profile.telephone.removed')),
      onError: (error) => notify(t(field === 'image' ? 'profile.image.removeFailed' : 'profile.telephone.removeFailed', { message: describeError(error) }), 'problem'),
    },
  );
}
