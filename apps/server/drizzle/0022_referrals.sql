-- Placeholder: filled by the change that owns this migration.
select 1;
