-- atril study database, schema 8: what cards brought from another program (atril deck import
-- --zyzzyva), so that exporting the deck again gives that program back what it had: its own
-- spelling of the question, its counts, its box (Zyzzyva's boxes go past atril's 10) and its
-- due time as imported. Reviews in atril after the import are in answers and deck_cards as
-- for any card; an export adds them to these. Times are Unix milliseconds.
CREATE TABLE card_imports (
	deck_id      INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
	card_id      INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
	source       TEXT    NOT NULL, -- 'zyzzyva'
	question     TEXT    NOT NULL, -- as the source spelt it
	correct      INTEGER NOT NULL,
	incorrect    INTEGER NOT NULL,
	streak       INTEGER NOT NULL,
	last_correct INTEGER,
	difficulty   INTEGER,
	box          INTEGER,
	due          INTEGER,
	imported_at  INTEGER NOT NULL,
	PRIMARY KEY (deck_id, card_id)
) WITHOUT ROWID;
