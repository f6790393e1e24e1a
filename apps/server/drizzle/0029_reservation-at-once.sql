-- A statement that must do all of its work or none (a checkout's reservation in one statement,
-- modules/checkout/reservation-statements.ts) calls this on what it found: false raises
-- SQLSTATE BV001, which aborts the statement and with it everything the statement wrote.
CREATE FUNCTION "abort_unless"("holds" boolean, "reason" text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF holds IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'BV001', MESSAGE = reason;
  END IF;
  RETURN true;
END $$;
