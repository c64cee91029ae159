-- Content-gap report: which occurrences an agent asked (the MCP server's search_docs, issue 52), so
-- an owner tells what readers could not find from what coding assistants probed. `count` stays
-- every occurrence; agent_count is the part of it agents asked. Rows recorded before this migration
-- were all readers' (there was no MCP server).
-- Apply with: npx wrangler d1 migrations apply <database_name> --remote   (see docs/deploying.md)
-- Applied once, by the migrations table (ADD COLUMN cannot be repeated).
ALTER TABLE gaps ADD COLUMN agent_count INTEGER NOT NULL DEFAULT 0;
