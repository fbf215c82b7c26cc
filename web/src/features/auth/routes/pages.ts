/** Account screens loaded through routes/index.tsx (why: "Page loaders" in consumer/routes/consumer-route.tsx). */
export const signupPage = () => import('../pages/signup-page');
export const forgotPasswordPage = () => import('../pages/forgot-password-page');
