-- The storefront's rendered pages (Home, a product, Delivery) name the ways to pay the shop has
-- turned on, so a change to the payment settings or the transfer accounts is a new catalogue
-- version: every instance drops the pages it kept, as for a change to the products.
DO $$
DECLARE
  target text;
BEGIN
  -- A trigger with a transition table takes one event: four per table.
  FOREACH target IN ARRAY ARRAY['payment_settings', 'transfer_accounts'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue)', target || '_inserted_version', target);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue)', target || '_updated_version', target);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue)', target || '_deleted_version', target);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION raise_versions(catalogue)', target || '_truncated_version', target);
  END LOOP;
END
$$;
