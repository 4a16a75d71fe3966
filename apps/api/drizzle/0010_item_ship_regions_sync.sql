-- Keeps items.ship_regions equal to the sorted region codes of the listing's item_shipping rows, whoever writes
-- them: one statement-level trigger per event, each recomputing the listings its statement touched once.
CREATE FUNCTION items_ship_regions_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT item_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT item_id) INTO touched FROM old_rows;
  ELSE -- an update can move a row to another listing: both are recomputed
    SELECT array_agg(item_id) INTO touched FROM (SELECT item_id FROM old_rows UNION SELECT item_id FROM new_rows) AS both_sides;
  END IF;
  UPDATE items i
  SET ship_regions = coalesce((SELECT array_agg(s.region_code ORDER BY s.region_code) FROM item_shipping s WHERE s.item_id = i.id), '{}')
  WHERE i.id = ANY (touched);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_shipping_insert_regions AFTER INSERT ON item_shipping REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION items_ship_regions_sync();
--> statement-breakpoint
CREATE TRIGGER item_shipping_delete_regions AFTER DELETE ON item_shipping REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION items_ship_regions_sync();
--> statement-breakpoint
CREATE TRIGGER item_shipping_update_regions AFTER UPDATE ON item_shipping REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION items_ship_regions_sync();
--> statement-breakpoint
UPDATE items i SET ship_regions = s.codes
FROM (SELECT item_id, array_agg(region_code ORDER BY region_code) AS codes FROM item_shipping GROUP BY item_id) s
WHERE s.item_id = i.id;
--> statement-breakpoint
-- A removed account's unsold listings are withdrawn with it (accounts/repo.ts scrubUser does so from now on), so
-- public lists need no seller condition and join the seller after the page is chosen.
UPDATE items i SET removed_at = u.removed_at
FROM users u
WHERE u.id = i.seller_id AND u.removed_at IS NOT NULL AND i.removed_at IS NULL AND i.purchaser_id IS NULL;
