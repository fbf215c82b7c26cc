/** Account screens loaded through routes/index.tsx (why: web/README.md "Adding a page"). */
export const loginPage = () => import('../pages/login-page');
export const signupPage = () => import('../pages/signup-page');
export const forgotPasswordPage = () => import('../pages/forgot-password-page');
