-- atril study database, schema 10: endgame and pre-endgame puzzles. The puzzles table's kind
-- may now be 'endgame' (the bag empty, judged by exact search) or 'preendgame' (one tile in the
-- bag). SQLite cannot change a CHECK constraint in place: the table is rebuilt, with its tags
-- and answer words (whose foreign keys name it), every row and id kept. The player's rating of
-- each new kind is a player_ratings row of its own ('puzzles.endgame', 'puzzles.preendgame').
CREATE TABLE puzzles_v10 (
	id              INTEGER PRIMARY KEY,
	lexicon         TEXT    NOT NULL,
	tiles           TEXT    NOT NULL,
	kind            TEXT    NOT NULL CHECK (kind IN ('bingo', 'best', 'endgame', 'preendgame')),
	position_key    TEXT    NOT NULL,
	cgp             TEXT    NOT NULL,
	rack            TEXT    NOT NULL,
	source          TEXT    NOT NULL CHECK (source IN ('selfplay', 'gcg', 'cgp')),
	source_ref      TEXT    NOT NULL DEFAULT '',
	player          TEXT    NOT NULL DEFAULT '',
	difficulty      REAL    NOT NULL,
	rating          REAL    NOT NULL,
	deviation       REAL    NOT NULL,
	volatility      REAL    NOT NULL,
	rated           INTEGER NOT NULL DEFAULT 0,
	verification    TEXT    NOT NULL DEFAULT '' CHECK (verification IN ('', 'confirmed', 'replaced')),
	data            TEXT    NOT NULL,
	run_id          INTEGER REFERENCES puzzle_runs (id) ON DELETE SET NULL,
	created_at      INTEGER NOT NULL,
	leaves          TEXT    NOT NULL DEFAULT '',
	leaves_checksum TEXT    NOT NULL DEFAULT '',
	UNIQUE (lexicon, tiles, position_key)
);
INSERT INTO puzzles_v10 (id, lexicon, tiles, kind, position_key, cgp, rack, source, source_ref, player, difficulty,
	rating, deviation, volatility, rated, verification, data, run_id, created_at, leaves, leaves_checksum)
	SELECT id, lexicon, tiles, kind, position_key, cgp, rack, source, source_ref, player, difficulty,
	rating, deviation, volatility, rated, verification, data, run_id, created_at, leaves, leaves_checksum FROM puzzles;

CREATE TABLE puzzle_tags_v10 (
	puzzle_id INTEGER NOT NULL REFERENCES puzzles_v10 (id) ON DELETE CASCADE,
	tag       TEXT    NOT NULL,
	PRIMARY KEY (tag, puzzle_id)
) WITHOUT ROWID;
INSERT INTO puzzle_tags_v10 (puzzle_id, tag) SELECT puzzle_id, tag FROM puzzle_tags;

CREATE TABLE puzzle_words_v10 (
	puzzle_id INTEGER NOT NULL REFERENCES puzzles_v10 (id) ON DELETE CASCADE,
	word      TEXT    NOT NULL,
	alphagram TEXT    NOT NULL,
	PRIMARY KEY (puzzle_id, word)
) WITHOUT ROWID;
INSERT INTO puzzle_words_v10 (puzzle_id, word, alphagram) SELECT puzzle_id, word, alphagram FROM puzzle_words;

-- The children first, so that dropping the old puzzles cascades to nothing.
DROP TABLE puzzle_tags;
DROP TABLE puzzle_words;
DROP TABLE puzzles;
-- Renaming rewrites the new children's foreign keys to the new name.
ALTER TABLE puzzles_v10 RENAME TO puzzles;
ALTER TABLE puzzle_tags_v10 RENAME TO puzzle_tags;
ALTER TABLE puzzle_words_v10 RENAME TO puzzle_words;

CREATE INDEX puzzles_rating ON puzzles (lexicon, tiles, rating);
CREATE INDEX puzzle_tags_puzzle ON puzzle_tags (puzzle_id);
CREATE INDEX puzzle_words_word ON puzzle_words (word);
CREATE INDEX puzzle_words_alphagram ON puzzle_words (alphagram);
