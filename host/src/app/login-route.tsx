import { LoginPage } from '../features/auth/components/login-page';
import { useWebConfigAnswer } from '../features/web-config/api/get-web-config';

/**
 * The login page with single sign-on as the server configures it (web-config.json, decision 073). Nothing is shown
 * until the server has answered, so a page without password sign-in never flashes the form.
 */
export function LoginRoute() {
  const config = useWebConfigAnswer();
  return config ? <LoginPage sso={config.sso} passwordSignIn={config.passwordSignIn} /> : null;
}
