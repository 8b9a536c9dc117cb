-- atril study database: what `atril stats`, `atril fsrs` and `atril forecast` keep (issue 9).

-- Daily sums of the answers, per deck and per group, so that a report over a million answers
-- reads a few thousand rows instead. `atril stats` brings them up to date from the answers
-- after stats_progress.last_answer; what they sum (the day, right or wrong, the time) never
-- changes once an answer is logged. day is the calendar day in stats_progress.zone, as days
-- since 1970-01-01; deck the deck's name ('' outside decks); dim the grouping ('all', 'drill',
-- 'length', 'band', 'digraph', 'card_kind') and value the group; times a histogram of the
-- response times (package stats reads and writes it).
CREATE TABLE stats_days (
	day     INTEGER NOT NULL,
	deck    TEXT    NOT NULL,
	dim     TEXT    NOT NULL,
	value   TEXT    NOT NULL,
	answers INTEGER NOT NULL,
	correct INTEGER NOT NULL,
	time_ms INTEGER NOT NULL,
	times   BLOB    NOT NULL,
	PRIMARY KEY (day, deck, dim, value)
) WITHOUT ROWID;

-- Every question answered (per lexicon, kind and question as shown) with what it is made of and
-- its record: `atril stats weak` and the recall model read it. kind is the card's kind for a
-- review, else the drill. rank is the probability rank among words of its length (0: unknown, as
-- for a phony or a lexicon no longer installed), of how many.
CREATE TABLE stats_questions (
	id        INTEGER PRIMARY KEY,
	lexicon   TEXT    NOT NULL,
	kind      TEXT    NOT NULL,
	question  TEXT    NOT NULL,
	card_id   INTEGER, -- the card last answered with it, if any
	tiles     INTEGER NOT NULL,
	digraphs  INTEGER NOT NULL,
	blanks    INTEGER NOT NULL,
	rank      INTEGER NOT NULL,
	rank_of   INTEGER NOT NULL,
	answers   INTEGER NOT NULL,
	correct   INTEGER NOT NULL,
	time_ms   INTEGER NOT NULL,
	first_at  INTEGER NOT NULL,
	last_at   INTEGER NOT NULL,
	UNIQUE (lexicon, kind, question)
);

-- How far stats_days and stats_questions have read the answers, and in which time zone days
-- were counted (another zone counts them again).
CREATE TABLE stats_progress (
	id          INTEGER PRIMARY KEY CHECK (id = 1),
	last_answer INTEGER NOT NULL,
	zone        TEXT    NOT NULL
);

-- FSRS-6 parameters fitted by `atril fsrs fit`: one row per deck fitted alone, and one with
-- deck_id NULL for every FSRS deck without its own. weights is a JSON array of 21 numbers.
CREATE TABLE fsrs_parameters (
	id        INTEGER PRIMARY KEY,
	deck_id   INTEGER UNIQUE REFERENCES decks (id) ON DELETE CASCADE,
	weights   TEXT    NOT NULL,
	reviews   INTEGER NOT NULL, -- reviews fitted on
	log_loss  REAL, -- on the held-out reviews, after fitting
	fitted_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX fsrs_parameters_global ON fsrs_parameters ((deck_id IS NULL)) WHERE deck_id IS NULL;

-- Tournament dates set with `atril forecast --set-date`; `atril today` counts down to the next.
CREATE TABLE tournaments (
	id         INTEGER PRIMARY KEY,
	date       TEXT    NOT NULL UNIQUE, -- YYYY-MM-DD
	deck_id    INTEGER REFERENCES decks (id) ON DELETE SET NULL, -- the deck forecast for it
	created_at INTEGER NOT NULL
);
