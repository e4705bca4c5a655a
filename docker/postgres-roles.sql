-- The app's database role, gamenight_app by default: it owns nothing, so it can
-- neither ALTER a table (no DISABLE TRIGGER) nor drop or replace a trigger; it is
-- granted no TRUNCATE, and it is no superuser (no session_replication_role).
-- It reads and writes rows; the ledger's triggers (migrations 0002, 0008) then
-- decide what a row change may do. The owner runs the migrations.
--
-- Run with psql as the owner, on the app's database, with the variables
--   owner         the role that runs the migrations and so owns the tables
--   app_role      the role web and worker connect as
--   app_password  its password
-- docker/postgres-init.sh does so on the database's first start. Running it
-- again is harmless (it also grants on tables that exist already).

\set ON_ERROR_STOP on

SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION', :'app_role')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_role') \gexec
SELECT format('ALTER ROLE %I PASSWORD %L', :'app_role', :'app_password') \gexec

-- Nothing of its own either: before PostgreSQL 15 everyone may create in public.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app_role";

-- Rows only, on today's tables and on every table the owner's migrations add.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
    GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
    GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
