-- users.language: the language each person reads the product in (the UI's switch keeps it here),
-- so what the server writes to them on its own — the daily digest mail — is in their language.
-- The company keeps no language of its own, so everyone starts in English until they switch.
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'tr'));
