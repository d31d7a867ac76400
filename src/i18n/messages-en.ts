/**
 * Every string the interface shows, in English. Keys are grouped by screen; `{name}` marks a
 * parameter filled by t(). Where the specification gives the words, they are used verbatim.
 */
export const en = {
  'app.name': 'Lobby',
  'app.pageTitle': '{page} - Lobby',
  'app.loading': 'Loading…',
  'app.crashed': 'Something went wrong while showing this page.',
  'app.reload': 'Reload',

  'errors.network': 'Cannot reach the gateway. Check your connection and try again.',
  'errors.sessionNotDefined': 'Session not defined',
  'errors.refreshFailed': 'Failed to refresh token',
  'errors.requestFailed': 'Request failed with status {status}',
  'errors.unexpectedAnswer': 'The gateway sent an answer Lobby does not understand.',
  'errors.notFound': 'Page not found.',
  'errors.notFoundTitle': 'Not found',
  'errors.forbidden': '403 | You do not have permission to access this page',
  'errors.forbiddenTitle': 'Forbidden',
  'errors.goToMainPage': 'Go to the main page',

  'login.title': 'Sign in',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.forgotPassword': 'Forgot your password?',
  'login.failed': 'Sign-in failed',

  'logout.title': 'Logout',
  'logout.progress': 'Signing out…',

  'reset.title': 'Reset password',
  'reset.intro': 'Enter the email of your account and we will send you a link to choose a new password.',
  'reset.email': 'Email',
  'reset.submit': 'Send reset link',
  'reset.sent': 'If an account exists for {email}, a link to reset its password has been sent to it.',
  'reset.failed': 'The request could not be sent',
  'reset.backToSignIn': 'Back to sign in',

  'password.title': 'New password',
  'password.activateTitle': 'Activate user',
  'password.intro': 'Choose a password of at least 8 characters with at least one uppercase letter.',
  'password.new': 'New password',
  'password.confirm': 'Confirm password',
  'password.submit': 'Save password',
  'password.activateSubmit': 'Activate',
  'password.tooShort': '* It must contain at least 8 characters',
  'password.noUppercase': '* Password must contain at least one uppercase letter',
  'password.mismatch': "* Passwords don't match",
  'password.codeInvalid': '* The activation code is not valid',
  'password.userNotFound': '* User not found',
  'password.unknownError': 'Unknown authentication error',
  'password.saved': 'Your new password has been saved. You can now sign in with it.',
  'password.activated': 'Your account is active. You can now sign in with your new password.',
  'password.requestNewLink': 'Request a new link',
  'password.signIn': 'Sign in',
  'password.toggleVisibility': 'Show or hide the password',

  'phone.title': 'Phone validation',
  'phone.validating': 'Validating your phone number…',
  'phone.validated': 'Your phone number has been validated.',
  'phone.signInNeeded': 'Sign in first, then open the link from the message again.',
  'phone.signIn': 'Sign in',
  'phone.toMainPage': 'Go to the main page',

  'layout.account': 'Account',
  'layout.logout': 'Logout',

  'organizations.title': 'Organizations',
  'organizations.search': 'Search',
  'organizations.name': 'Name',
  'organizations.status': 'Status',
  'organizations.status.ACTIVE': 'Active',
  'organizations.status.INACTIVE': 'Inactive',
  'organizations.empty': 'No organizations found',
  'organizations.loading': 'Loading organizations…',
  'organizations.forbidden': "You don't have permissions to view organizations",
  'organizations.loadFailed': 'The organizations could not be loaded',

  'organization.title': 'Organization',
  'organization.configurationNote':
    'The configuration of this organization (units, devices, PMS, packages and transactions) comes with the organizations area of Lobby and is not available in this version yet.',
  'organization.notInList': 'This organization is not among the organizations you can see.',
  'organization.backToList': 'Back to organizations',

  'table.search': 'Search',
  'table.page': 'Page {page}',
  'table.pagination': 'Pages',
  'table.previous': 'Previous page',
  'table.next': 'Next page',
  'table.first': 'First page',
  'table.last': 'Last page',

  'cookies.text': 'Lobby keeps only what it needs in your browser: your session, your language and this choice. Read our',
  'cookies.and': 'and',
  'cookies.accept': 'Accept',
  'cookies.label': 'Cookie consent',

  'legal.privacy.title': 'Privacy Policy',
  'legal.privacy.p1':
    'Lobby is the back office of a hospitality point-of-sale and payments platform. It processes the data its operators enter to run their organizations: names and settings of organizations and units, devices, packages, rate codes, transactions, and the accounts of users.',
  'legal.privacy.p2':
    'For your account we keep your email address, telephone number, profile image, permissions and memberships, and the time of your last sign-in. We use them to sign you in, to decide what you may see and change, and to send you activation, reset and validation messages.',
  'legal.privacy.p3':
    'Your data is stored by the organization that operates this installation of Lobby and is not sold or shared for advertising. You can ask that organization to show, correct or delete the data about you.',
  'legal.terms.title': 'Terms of Use',
  'legal.terms.p1':
    'Lobby is provided to operators and administrators of hospitality businesses who were given an account. Keep your password to yourself and sign out on shared computers.',
  'legal.terms.p2':
    'Use Lobby only for the organizations you are permitted to manage. Changes you make take effect on the point-of-sale devices and property-management connections of those organizations.',
  'legal.terms.p3':
    'Access may be suspended when an account is misused. The operator of this installation is responsible for the data entered in it.',
  'legal.cookies.title': 'Cookie Policy',
  'legal.cookies.p1':
    'Lobby does not use advertising or tracking cookies. It keeps a few entries in your browser’s local storage, all of them needed for the app to work:',
  'legal.cookies.session': 'your session (lobby.session), to keep you signed in; removed when you log out;',
  'legal.cookies.language': 'your interface language (lobby.language);',
  'legal.cookies.consent': 'that you accepted this notice (lobby.cookieConsent), so it is not shown again.',
  'legal.cookies.p2': 'You can remove them at any time by clearing the site data in your browser.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
