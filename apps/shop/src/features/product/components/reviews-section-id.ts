/** The reviews section's anchor (the rating's link jumps to it), apart from the section so the page need not load it. */
export const REVIEWS_SECTION_ID = 'reviews';
