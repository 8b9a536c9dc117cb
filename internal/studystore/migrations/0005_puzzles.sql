-- atril study database, schema 5: puzzles. A puzzle is one position and rack under one lexicon
-- and tile set (find the bingo, or find the best play), made from self-play, a game record or a
-- single position, with its answers and a Glicko-2 rating of its own. Generation runs are kept
-- so that a long one can be resumed. Attempts (schema 1's table) gain what rating needs.

-- A generation run: its options (JSON, to resume it), how many jobs (games or positions) it
-- has and how many are done, in order: the jobs before `done` have all their puzzles stored.
CREATE TABLE puzzle_runs (
	id          INTEGER PRIMARY KEY,
	options     TEXT    NOT NULL,
	jobs        INTEGER NOT NULL CHECK (jobs >= 0),
	done        INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
	stored      INTEGER NOT NULL DEFAULT 0,
	duplicates  INTEGER NOT NULL DEFAULT 0,
	dropped     INTEGER NOT NULL DEFAULT 0,
	started_at  INTEGER NOT NULL,
	updated_at  INTEGER NOT NULL,
	finished_at INTEGER
);

-- position_key is the board and the rack: one puzzle per position. data is JSON written by
-- package puzzles (answers, plays accepted, the engine's top plays, the simulation). rating,
-- deviation and volatility are the puzzle's Glicko-2 rating; rated counts the first attempts
-- that moved it. verification: '' not simulated, 'confirmed' (the simulation agreed with the
-- static answer) or 'replaced' (the simulated winner is the answer).
CREATE TABLE puzzles (
	id           INTEGER PRIMARY KEY,
	lexicon      TEXT    NOT NULL,
	tiles        TEXT    NOT NULL,
	kind         TEXT    NOT NULL CHECK (kind IN ('bingo', 'best')),
	position_key TEXT    NOT NULL,
	cgp          TEXT    NOT NULL,
	rack         TEXT    NOT NULL,
	source       TEXT    NOT NULL CHECK (source IN ('selfplay', 'gcg', 'cgp')),
	source_ref   TEXT    NOT NULL DEFAULT '',
	player       TEXT    NOT NULL DEFAULT '',
	difficulty   REAL    NOT NULL,
	rating       REAL    NOT NULL,
	deviation    REAL    NOT NULL,
	volatility   REAL    NOT NULL,
	rated        INTEGER NOT NULL DEFAULT 0,
	verification TEXT    NOT NULL DEFAULT '' CHECK (verification IN ('', 'confirmed', 'replaced')),
	data         TEXT    NOT NULL,
	run_id       INTEGER REFERENCES puzzle_runs (id) ON DELETE SET NULL,
	created_at   INTEGER NOT NULL,
	UNIQUE (lexicon, tiles, position_key)
);
-- the next puzzle: nearest the player's rating under a lexicon and tile set
CREATE INDEX puzzles_rating ON puzzles (lexicon, tiles, rating);

CREATE TABLE puzzle_tags (
	puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
	tag       TEXT    NOT NULL,
	PRIMARY KEY (tag, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX puzzle_tags_puzzle ON puzzle_tags (puzzle_id);

-- The words of a puzzle's answers in tile notation, and their alphagrams: what --deck matches
-- against deck cards (anagram cards are alphagrams, the others words).
CREATE TABLE puzzle_words (
	puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
	word      TEXT    NOT NULL,
	alphagram TEXT    NOT NULL,
	PRIMARY KEY (puzzle_id, word)
) WITHOUT ROWID;
CREATE INDEX puzzle_words_word ON puzzle_words (word);
CREATE INDEX puzzle_words_alphagram ON puzzle_words (alphagram);

-- Attempts keep schema 1's columns (puzzle_id holds the puzzle's id as text); each try, hint
-- and giving up is a row, saved as it happens. Only the first try (or giving up first) of a
-- puzzle is rated.
ALTER TABLE puzzle_attempts ADD COLUMN action TEXT NOT NULL DEFAULT 'answer' CHECK (action IN ('answer', 'hint', 'give_up'));
ALTER TABLE puzzle_attempts ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE puzzle_attempts ADD COLUMN deviation_after REAL;
ALTER TABLE puzzle_attempts ADD COLUMN puzzle_deviation_after REAL;
CREATE INDEX puzzle_attempts_rated ON puzzle_attempts (attempted_at) WHERE rated = 1;
