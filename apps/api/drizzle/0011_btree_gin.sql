-- btree_gin lets one GIN index hold the search vector and the listing day together (items_search_day_idx), so a
-- newest-first search limited to recent days intersects both inside the index and reads only those rows.
CREATE EXTENSION IF NOT EXISTS btree_gin;
