/** Spec part 2, section 9: the legal texts are effective June 01, 2020. */
export const LEGAL_EFFECTIVE_DATE = 'June 01, 2020';
