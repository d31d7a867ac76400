/** Messages of the signed-in user's own profile, the join flow and email validation. Keys are merged into the English catalogue (../messages-en.ts). */
export const profile = {
  // the account menu's entry (src/app/app-header.tsx)
  'profile.menu': 'Profile',

  // /profile
  'profile.title': 'Profile',
  'profile.intro': 'Your email address, telephone number, image and password. Changes here are sent to the gateway at once.',
  'profile.loading': 'Loading your profile…',
  'profile.loadFailed': 'Your profile could not be loaded',
  'profile.offline': 'You are offline. Changing your profile needs the gateway: connect and try again.',
  'profile.validated': 'Validated',
  'profile.notValidated': 'Not validated',

  'profile.email.title': 'Email',
  'profile.email.new': 'New email address',
  'profile.email.description': 'We send a confirmation link to the new address. Your email address changes only when you open it.',
  'profile.email.submit': 'Send confirmation link',
  'profile.email.sent': 'We sent a mail to {email}. Your email changes when you open the confirmation link in it (an address another account uses gets no link).',
  'profile.email.required': 'Enter the new email address',
  'profile.email.invalid': 'Enter a valid email address',
  'profile.email.same': 'This is already your email address',

  'profile.telephone.title': 'Telephone',
  'profile.telephone.none': 'No telephone',
  'profile.telephone.new': 'Telephone number',
  'profile.telephone.description': 'Digits only, with the country code. We send a 6-digit code to it by text message.',
  'profile.telephone.submit': 'Send code',
  'profile.telephone.required': 'Enter a telephone number',
  'profile.telephone.invalid': 'Enter a telephone number: digits, optionally with a leading + and spaces, dashes or brackets',
  'profile.telephone.sent': 'We sent a text message with a 6-digit code to {telephone}.',
  'profile.telephone.remove': 'Remove telephone',
  'profile.telephone.removeTitle': 'Remove your telephone number?',
  'profile.telephone.removeText': '{telephone} is removed from your profile. You can add a telephone number again at any time.',
  'profile.telephone.removeCancel': 'Keep it',
  'profile.telephone.removed': 'Your telephone number has been removed.',
  'profile.telephone.removeFailed': 'The telephone number could not be removed: {message}',

  // the SMS code entry (SmsCodeForm)
  'profile.smsCode.label': 'SMS code',
  'profile.smsCode.description': 'The 6-digit code from the text message sent to {telephone}.',
  'profile.smsCode.descriptionNoNumber': 'The 6-digit code from the text message.',
  'profile.smsCode.submit': 'Validate',
  'profile.smsCode.validated': 'Your telephone number has been validated.',

  'profile.image.title': 'Image',
  'profile.image.alt': 'Your profile image',
  'profile.image.none': 'No image',
  'profile.image.upload': 'Upload image',
  'profile.image.uploading': 'Uploading your image…',
  'profile.image.uploaded': 'Your image has been uploaded.',
  'profile.image.failed': 'Image upload failed. Please try again.',
  'profile.image.remove': 'Remove image',
  'profile.image.removed': 'Your image has been removed.',
  'profile.image.removeFailed': 'The image could not be removed: {message}',

  'profile.password.title': 'Password',
  'profile.password.current': 'Current password',
  'profile.password.currentRequired': 'Enter your current password',
  'profile.password.submit': 'Change password',
  'profile.password.changed': 'Your password has been changed. Other devices were signed out.',

  // /join
  'join.title': 'Join',
  'join.intro': 'Add your telephone number and confirm it with the 6-digit code we send you by text message.',
  'join.alreadyValidated': 'Your telephone number {telephone} is already validated.',
  'join.validated': 'Your telephone number has been validated.',
  'join.continue': 'Continue',

  // /validate/email/:token
  'emailValidation.title': 'Email validation',
  'emailValidation.validating': 'Validating your email address…',
  'emailValidation.validated': 'Your email address has been validated.',
  'emailValidation.codeInvalid': '* The activation code is not valid',
  'emailValidation.toMainPage': 'Go to the main page',
} as const;
