-- A live-update ticket names the session that asked for it, and opens a stream only while that
-- session is live. Before, redeeming one checked only that its user existed: a ticket asked for
-- just before a sign-out or a password reset (which end the user's streams) still opened a new
-- stream for its 15 minutes. Tickets live 30 s; one issued before this column has none and is
-- judged as before.
ALTER TABLE event_tickets ADD COLUMN session_id uuid;
