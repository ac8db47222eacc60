export { LoginPage } from './routes/LoginPage';
export { RegisterPage } from './routes/RegisterPage';
export { ForgotPasswordPage } from './routes/ForgotPasswordPage';
export { ResetPasswordPage } from './routes/ResetPasswordPage';
export { AuthCallbackPage } from './routes/AuthCallbackPage';
export { VerifyEmailPage } from './routes/VerifyEmailPage';
