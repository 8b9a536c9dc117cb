-- atril study database, schema 1. Applied in one transaction together with
-- PRAGMA user_version = 1. Times are Unix milliseconds (UTC); JSON columns hold srs.State
-- or options. Never edit a released migration: add the next numbered file instead.

PRAGMA application_id = 1096045105; -- 0x41545231 "ATR1": marks the file as atril's

-- A card is one question under one lexicon: kind says how it is asked (anagram: question is an
-- alphagram in tile notation; judge, hooks: a word; twos: a two-tile set; build: a rack; ...).
CREATE TABLE cards (
	id         INTEGER PRIMARY KEY,
	lexicon    TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	question   TEXT    NOT NULL,
	created_at INTEGER NOT NULL,
	UNIQUE (lexicon, kind, question)
);

-- A deck is a named set of cards under one scheduler. settings is JSON for what grows later
-- (desired retention, target answer time, ...).
CREATE TABLE decks (
	id          INTEGER PRIMARY KEY,
	name        TEXT    NOT NULL UNIQUE,
	lexicon     TEXT    NOT NULL,
	kind        TEXT    NOT NULL,
	scheduler   TEXT    NOT NULL CHECK (scheduler IN ('fsrs', 'cardbox')),
	new_per_day INTEGER NOT NULL CHECK (new_per_day >= 0),
	settings    TEXT    NOT NULL DEFAULT '{}',
	source      TEXT    NOT NULL DEFAULT '', -- the --search or --file it was filled from
	created_at  INTEGER NOT NULL
);

-- deck_cards is a card's membership of a deck and its scheduling state there (a card can be in
-- two decks with two schedules). state is srs.Phase: 0 new, 1 learning, 2 review, 3 relearning.
-- due is NULL for a new card; position orders new cards as they were added.
CREATE TABLE deck_cards (
	deck_id        INTEGER NOT NULL REFERENCES decks (id) ON DELETE CASCADE,
	card_id        INTEGER NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
	position       INTEGER NOT NULL,
	state          INTEGER NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 3),
	due            INTEGER,
	last_review    INTEGER,
	first_review   INTEGER, -- when it stopped being new: the daily new-card limit counts these
	stability      REAL    NOT NULL DEFAULT 0,
	difficulty     REAL    NOT NULL DEFAULT 0,
	scheduled_days INTEGER NOT NULL DEFAULT 0,
	steps          INTEGER NOT NULL DEFAULT 0,
	reps           INTEGER NOT NULL DEFAULT 0,
	lapses         INTEGER NOT NULL DEFAULT 0,
	box            INTEGER NOT NULL DEFAULT 0 CHECK (box BETWEEN 0 AND 10),
	PRIMARY KEY (deck_id, card_id)
) WITHOUT ROWID;
-- the due query across decks, and per deck
CREATE INDEX deck_cards_due ON deck_cards (due) WHERE due IS NOT NULL;
CREATE INDEX deck_cards_deck_due ON deck_cards (deck_id, due);
-- the next new cards of a deck, in order
CREATE INDEX deck_cards_new ON deck_cards (deck_id, position) WHERE state = 0;
-- new cards introduced today (the daily limit)
CREATE INDEX deck_cards_first ON deck_cards (deck_id, first_review) WHERE first_review IS NOT NULL;
CREATE INDEX deck_cards_card ON deck_cards (card_id);

-- A drill session: one run of `atril drill ...` or `atril review`.
CREATE TABLE sessions (
	id         INTEGER PRIMARY KEY,
	drill      TEXT    NOT NULL,
	lexicon    TEXT    NOT NULL DEFAULT '',
	deck_id    INTEGER REFERENCES decks (id) ON DELETE SET NULL,
	options    TEXT    NOT NULL DEFAULT '{}', -- JSON: seed, count, ... to replay it
	started_at INTEGER NOT NULL,
	ended_at   INTEGER
);

-- Every answer ever given, committed as it is given. card_id and deck_id are NULL for drill
-- questions that are not cards. rating is the FSRS grade used (NULL outside decks).
CREATE TABLE answers (
	id           INTEGER PRIMARY KEY,
	session_id   INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
	card_id      INTEGER REFERENCES cards (id) ON DELETE SET NULL,
	deck_id      INTEGER REFERENCES decks (id) ON DELETE SET NULL,
	drill        TEXT    NOT NULL,
	lexicon      TEXT    NOT NULL,
	question     TEXT    NOT NULL,
	answer       TEXT    NOT NULL, -- as typed
	expected     TEXT    NOT NULL DEFAULT '', -- the right answer(s), for the record
	correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
	time_ms      INTEGER NOT NULL CHECK (time_ms >= 0),
	rating       INTEGER CHECK (rating BETWEEN 1 AND 4),
	state_before TEXT, -- JSON srs.State
	state_after  TEXT,
	answered_at  INTEGER NOT NULL
);
CREATE INDEX answers_time ON answers (answered_at);
CREATE INDEX answers_card ON answers (card_id, answered_at) WHERE card_id IS NOT NULL;
CREATE INDEX answers_session ON answers (session_id) WHERE session_id IS NOT NULL;

-- Puzzles (a later issue): one row per attempt, with the player's and the puzzle's rating
-- before and after (Glicko-like).
CREATE TABLE puzzle_attempts (
	id                   INTEGER PRIMARY KEY,
	session_id           INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
	puzzle_id            TEXT    NOT NULL,
	lexicon              TEXT    NOT NULL,
	answer               TEXT    NOT NULL,
	correct              INTEGER NOT NULL CHECK (correct IN (0, 1)),
	time_ms              INTEGER NOT NULL CHECK (time_ms >= 0),
	rating_before        REAL,
	rating_after         REAL,
	puzzle_rating_before REAL,
	puzzle_rating_after  REAL,
	attempted_at         INTEGER NOT NULL
);
CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle_id, attempted_at);
CREATE INDEX puzzle_attempts_time ON puzzle_attempts (attempted_at);

-- The player's current ratings, one per kind of play (puzzles, ...).
CREATE TABLE player_ratings (
	kind       TEXT    PRIMARY KEY,
	rating     REAL    NOT NULL,
	deviation  REAL    NOT NULL,
	volatility REAL    NOT NULL,
	games      INTEGER NOT NULL DEFAULT 0,
	updated_at INTEGER NOT NULL
);
