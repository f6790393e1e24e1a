-- Closure style and format are now chosen from the admin's tags of those categories. Values typed
-- before (e.g. 'screw cap ') take the spelling of the tag they match, ignoring case and outer
-- spaces; values that match no tag are left as they are, for the seller to choose again.
-- updated_at moves too, so that a search snapshot of the old spellings is rebuilt, not served.
UPDATE "products" AS p
SET "closure_style" = t."name", "updated_at" = now()
FROM "tags" AS t
JOIN "tags" AS c ON c."id" = t."categorized_by_id" AND c."categorized_by_id" IS NULL
WHERE c."name" = 'Closure Style'
  AND lower(btrim(p."closure_style")) = lower(t."name")
  AND p."closure_style" IS DISTINCT FROM t."name";
--> statement-breakpoint
UPDATE "products" AS p
SET "format" = t."name", "updated_at" = now()
FROM "tags" AS t
JOIN "tags" AS c ON c."id" = t."categorized_by_id" AND c."categorized_by_id" IS NULL
WHERE c."name" = 'Format'
  AND lower(btrim(p."format")) = lower(t."name")
  AND p."format" IS DISTINCT FROM t."name";
