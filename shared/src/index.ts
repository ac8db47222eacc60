// @stockwise/shared: loaded once per page (a federation singleton) and used by the shell and
// every remote. Only what two or more of them really share belongs here.
export { events, EventBus } from './events/bus';
export type { SecondFactorCode, StockwiseEvents, StockwiseEventName } from './events/bus';
export { DEFAULT_PATH, STORAGE_KEYS } from './auth/storage-keys';
export { sitePath } from './auth/site-path';
export { hasRole, rolesOf, tokenExpiry, ROLE_CLAIM, ROLES } from './auth/has-role';
export type { BuiltInRole } from './auth/has-role';
export { session, sessionStore, useSession } from './auth/session-store';
export { getAuthClient, sessionStorageKey, startHostedSession } from './auth/hosted-client';
export { ACCESS_QUERY_KEY, accessView, loadAccess, useAccess } from './auth/access';
export type { AccessView, MyAccess, Permission } from './auth/access';
export type { SessionState } from './auth/session-store';
export { PLAN_TYPE, SUBSCRIPTION_STATUS } from './auth/types';
export type {
  AuthResult,
  CachedUser,
  Company,
  CompanyWithAdminRequest,
  InvitationCheck,
  LoginRequest,
  Plan,
  ProfileUpdate,
  RegisterRequest,
  RegisterWithInvitationRequest,
  RegistrationResult,
  ResetPasswordRequest,
  Subscription,
  UserInfo,
} from './auth/types';
export { AUTH_MESSAGES, THIRD_PARTY_PROVIDER, THIRD_PARTY_FALLBACK_USER_NAME } from './auth/messages';
export * as auth from './auth/flows';
export { EMAIL_NOT_VERIFIED, RESET_TOKEN_INVALID } from './auth/flows';
export {
  CALLBACK_PATH,
  CallbackError,
  beginOidcSignIn,
  completeOidcSignIn,
  identityFrom,
  loadGoogleIdentity,
  startOidcSignIn,
} from './auth/third-party';
export type { ConnectGoogleReturn, GoogleId, ThirdPartyIntent } from './auth/third-party';
export { GoogleIdentityButton, useAuthProviders } from './ui/GoogleIdentityButton';
export { ENVIRONMENT_QUERY_KEY, loadEnvironment, standInsInUse, useEnvironment } from './api/environment';
export type { Environment, StandIn } from './api/environment';
export { BELOW_PINNED_BANNER, PINNED_BANNER_HEIGHT_VAR } from './ui/layout-offset';
export { belowTheFold } from './ui/below-the-fold';
export type {
  Addon,
  ApiBody,
  ApiOperations,
  ApiResponse,
  AuthProviders,
  BillingOverview,
  BillingSubscription,
  Checkout,
  FieldDefinition,
  Invitation,
  Location,
  PlanUsage,
  RowError,
} from './api/types';
export { isPremium, planDisplayName } from './auth/premium';
export { api, createApiClient, setSessionLostHandler } from './api/client';
export { call } from './api/call';
export type { ApiMethod, ApiOperation, ApiPath, CallInput, CallOptions } from './api/call';
export { AppError, errorMessage, serverError, toAppError } from './api/errors';
export {
  i18n,
  addTranslations,
  setLanguage,
  initialLanguage,
  useTranslation,
  Trans,
  LANGUAGE_KEY,
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
} from './i18n';
export type { Language } from './i18n';
export { defineTranslations } from './i18n/typed';
export { COMMON_NAMESPACE, useCommonT } from './i18n/common';
export type { CommonKey, CommonTexts } from './i18n/common-texts';
export type { NamespaceResources, TranslationKey, TranslationsOf, TranslationTree, Translate } from './i18n/types';
export { notify, setNotifier } from './ui/notify';
export type { NotificationVariant, Notifier } from './ui/notify';
export {
  BUCKETS,
  companyLogoUrl,
  publicUrlOf,
  uploadFile,
  uploadCompanyLogo,
  uploadProfilePicture,
  uploadItemImage,
  uploadModelImage,
  pathFromUrl,
  removeFiles,
  randomFileName,
} from './storage/storage';
export type { UploadResult } from './storage/storage';
export { ScreenComing } from './ui/ScreenComing';
export { StandaloneHost } from './ui/StandaloneHost';
export { ScreenNotFound } from './ui/ScreenNotFound';
export { ScreenRefused } from './ui/ScreenRefused';
export { MENU_COLLAPSES, MENU_GROUPS, ScreenGuard, ScreenRoutes, preloadScreen } from './ui/screens';
export type { MenuChip, MenuCollapse, MenuGroup, MenuPlacement, Screen, ScreenTable } from './ui/screens';
export { readableText, theme, StockwiseThemeProvider } from './ui/theme';
export { adoptPrerenderedQueries, createQueryClient } from './api/query-client';
export { resourceKey } from './api/query-keys';
export { useLiveUpdates, connectLiveUpdates, invalidateResources, LIVE_CHANGE_KINDS } from './api/live-updates';
export type { LiveUpdateDeps } from './api/live-updates';
export type { ApiResource } from './api/query-keys';
export {
  USER_NAME_PATTERN,
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  TOTP_CODE_PATTERN,
  isUserName,
  isEmail,
  isPasswordLongEnough,
} from './validation/fields';
export { StockwiseLogo, StockwiseMark } from './ui/StockwiseLogo';
export { LanguageSwitcher } from './ui/LanguageSwitcher';
export { readClaims } from './auth/claims';
export { lazyPage, withTimeout, ChunkTimeoutError, LAZY_CHUNK_TIMEOUT_MS } from './ui/lazy-page';
export type { LazyPage } from './ui/lazy-page';
export { fieldBinder } from './ui/form-field';
export { CURRENCIES, DEFAULT_CURRENCY, currencyLabel, formatMoney } from './money/format';
export { useCompany, useCurrency, useMoney } from './money/use-money';
