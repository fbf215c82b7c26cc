// The product's own constants, apart from the catalogues: the footer on every page (the landing page's
// entry chunk included) needs only the version label.
export const supportEmail = 'support@bisn.example';
export const feedbackEmail = 'feedback@bisn.example';
export const appVersion = '0.2.0';
export const legalVersion = '0.0.5';
/** The CloudWatch namespace of the functions' business metrics (lambdas/core/metrics.ts, the dashboard). */
export const metricsNamespace = 'BISN';
/** The Powertools service of every function: the `service` dimension of their metrics. */
export const metricsService = 'bisn-api';
/** The sender's physical postal address in listing and requirement mail (CAN-SPAM); a stage may override it. */
export const senderPostalAddress = 'BISN, 1215 K Street, Suite 1700, Sacramento, CA 95814';
/** The public unsubscribe form's requests per hour: enough for a broker who mistypes twice, too few to flood an address or silence many. */
export const unsubscribeRequestLimits = { perAddress: 3, perClient: 30 } as const;
