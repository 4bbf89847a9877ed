/** Phones: spec §9 calls "mobile" anything under 600 px. For useMediaQuery. */
export const PHONE_QUERY = '(max-width: 599px)';

/** The same width as a style rule's key, for makeStyles. */
export const PHONE_MEDIA = `@media ${PHONE_QUERY}`;
