// The product's own constants, apart from the catalogues: the footer on every page (the landing page's
// entry chunk included) needs only the version label.
export const supportEmail = 'support@bisn.example';
export const feedbackEmail = 'feedback@bisn.example';
export const appVersion = '0.2.0';
export const legalVersion = '0.0.5';
