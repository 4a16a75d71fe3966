import type { SearchAction } from '../features/discovery/components/search-extras';
import { SaveSearchButton } from '../features/wants/components/save-search-button';

/** What a searched or filtered list offers (the feed's, the vendor products'): the wants' 'Save this search as a want'. */
export const saveSearchAction: SearchAction = (search) => <SaveSearchButton search={search} />;
