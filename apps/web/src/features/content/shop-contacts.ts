/** The shop's own contact details, shown on the contact page. */
export const SUPPORT_PHONE = '+1 (555) 010-8899';
export const SUPPORT_EMAILS = ['customer@souq.example', 'support@souq.example'] as const;
