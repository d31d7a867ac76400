export { getProfile, PROFILE_PATH, profileQueryOptions, useProfile } from '../../../api/profile';
