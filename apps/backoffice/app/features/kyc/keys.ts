/** Every page and filter of the KYC documents queue lives under this key. */
export const kycDocumentsKey = ['kyc', 'documents'] as const;
/** And of the identity verifications queue. */
export const kycVerificationsKey = ['kyc', 'verifications'] as const;
