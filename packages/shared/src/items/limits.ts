/** Item list page size (spec part 1 section 9): a full page means more may exist. */
export const ITEM_PAGE_SIZE = 36;
