// The KYC module as the app sees it: document uploads and identity verification behind its routes.

export { type KycRoutesOptions, kycRoutes } from './routes.ts';
export { kycForStaff } from './staff-view.ts';
